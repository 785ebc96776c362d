/** Texts of the promotions page, the home's promotions block and the member messages (English). */
export const promosEn = {
  promotions: {
    intro: 'Bonuses and offers running now. Open one for its details and terms.',
    empty: 'There are no promotions running right now. Please check back soon.',
    from: 'From {{from}}',
    period: '{{from}} – {{to}}',
    more: 'Details',
    moreAbout: 'Details of {{title}}',
    back: 'All promotions',
    close: 'Close',
    seeAll: 'All promotions',
    join: 'Join promotions ›',
    notFound: 'This promotion is over or no longer exists.',
  },
  messages: {
    intro: 'Messages from the site to you. Open one to read it.',
    empty: 'No messages yet.',
    count_one: '{{count}} message',
    count_other: '{{count}} messages',
    unreadCount_one: '{{count}} unread',
    unreadCount_other: '{{count}} unread',
    unread: 'New',
    broadcast: 'To all members',
    back: 'All messages',
    list: 'Your messages',
  },
  /** Error codes only these pages meet (added to `errors.*` with the area). */
  errors: {
    promotion_not_found: 'This promotion is over or no longer exists.',
    promotion_period_invalid: 'The end of a promotion must come after its start.',
    message_not_found: 'This message does not exist.',
    message_recipient_not_found: 'No member has this account on this site.',
  },
};
