/**
 * The one error catalogue. Codes are stable strings shared by the server (which maps each to an HTTP status)
 * and the SPA (which maps each to a translated text under `errors.<code>`). Where the spec names a key
 * (in_need_true_account, invitation_code_error, ...) the code is that key.
 */
export const ERROR_CATALOGUE = {
  validation_failed: { status: 400, message: 'Some fields are not valid.' },
  bad_request: { status: 400, message: 'The request could not be understood.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type.' },
  merchant_not_found: { status: 400, message: 'Unknown merchant.' },
  merchant_disabled: { status: 403, message: 'This site is not available.' },
  unauthorized: { status: 401, message: 'Please log in.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  in_need_true_account: { status: 403, message: 'A real account is needed for this.' },
  in_incorrect_password: { status: 401, message: 'Incorrect username or password.' },
  invitation_code_error: { status: 400, message: 'The invitation code is not valid.' },
  system_maintenance: { status: 503, message: 'The system is under maintenance.' },
  region_restricted: { status: 403, message: 'Access is restricted in your location.' },
  too_many_requests: { status: 429, message: 'Too many requests. Please try again later.' },
  non_member_login: { status: 403, message: 'Non-member accounts cannot log in here.' },
  non_agent_login: { status: 403, message: 'Non-agents cannot log in.' },
  encryption_required: { status: 400, message: 'This site requires an encrypted request. Please reload the page.' },
  captcha_required: { status: 400, message: 'Enter the captcha.' },
  captcha_invalid: { status: 400, message: 'Captcha check failed. Please try again.' },
  invalid_phone_number: { status: 400, message: 'Invalid phone number format.' },
  mobile_in_use: { status: 409, message: 'This mobile number is used by another account.' },
  mobile_unchanged: { status: 409, message: 'This is already your mobile number.' },
  verification_code_invalid: { status: 400, message: 'Invalid or missing verification code.' },
  verification_code_expired: { status: 400, message: 'The code has expired. Please send a new one.' },
  login_check_required: {
    status: 403,
    message: 'This is a new device or network for your account. Confirm it is you to log in.',
  },
  login_check_failed: { status: 400, message: 'That is not right. Please check and try again.' },
  login_check_expired: { status: 400, message: 'This check has expired or was used up. Please log in again.' },
  function_not_enabled: { status: 403, message: 'This function is not enabled. Please contact customer service.' },
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  insufficient_funds: { status: 400, message: 'Insufficient balance.' },
  amount_invalid: { status: 400, message: 'Enter a valid amount.' },
  amount_out_of_range: { status: 400, message: 'The amount is outside the allowed range.' },
  idempotency_conflict: { status: 409, message: 'This request id was already used for a different request.' },
  transaction_password_required: { status: 400, message: 'Please set a transaction password first.' },
  transaction_password_invalid: { status: 400, message: 'The transaction password is not correct.' },
  not_in_hierarchy: { status: 403, message: 'You can only transfer within your own line (upline or downline).' },
  vendor_transfer_refused: {
    status: 409,
    message: 'The game refused the transfer. The amount is back in your main wallet.',
  },
  transfer_not_supported: { status: 400, message: 'Money can only move between the main wallet and a game wallet.' },
  state_invalid: { status: 409, message: 'This record is no longer in a state that allows this action.' },
  signature_invalid: { status: 401, message: 'The signature is not valid.' },
  admin_unauthorized: { status: 401, message: 'Please log in to the back office.' },
  admin_forbidden: { status: 403, message: 'Your role does not allow this.' },
  admin_otp_required: { status: 401, message: 'Enter the 6-digit code from your authenticator app.' },
  admin_setup_required: {
    status: 403,
    message: 'Finish setting up your account first (change the one-time password, turn on two-factor sign-in).',
  },
  admin_ip_not_allowed: { status: 403, message: 'The back office cannot be used from this network.' },
  staff_last_owner: { status: 409, message: 'The merchant must keep at least one active owner.' },
  second_approval_required: { status: 403, message: 'Another administrator must approve this.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
  game_maintenance: { status: 503, message: 'This game is under maintenance. Please try again later.' },
  contract_not_found: { status: 404, message: 'No such contract.' },
  contract_not_direct_downline: { status: 403, message: 'Contracts can only be offered to your direct downline.' },
  contract_tiers_invalid: {
    status: 400,
    message: 'A contract needs 3 to 6 tiers with increasing thresholds and rates.',
  },
  contract_upline_required: {
    status: 400,
    message: 'You need an active contract of this type with your own upline before you can offer one.',
  },
  contract_rate_exceeds_upline: { status: 400, message: "A downline's rates cannot exceed your own contract's rates." },
  contract_pending_exists: { status: 409, message: 'An offer of this type is already waiting for this member.' },
  agent_required: { status: 403, message: 'Only agents can use the agent centre.' },
  not_in_team: { status: 404, message: 'No such member in your team.' },
  announcement_not_found: { status: 404, message: 'This announcement no longer exists.' },
  promotion_not_found: { status: 404, message: 'This promotion is over or no longer exists.' },
  promotion_period_invalid: { status: 400, message: 'The end of a promotion must come after its start.' },
  content_not_found: { status: 404, message: 'This banner or notice does not exist.' },
  content_period_invalid: { status: 400, message: 'The end must come after the start.' },
  media_not_found: { status: 404, message: 'No such image.' },
  message_not_found: { status: 404, message: 'This message does not exist.' },
  message_recipient_not_found: { status: 404, message: 'No member has this account on this site.' },
  feedback_not_found: { status: 404, message: 'No such feedback.' },
  feedback_closed: { status: 409, message: 'This feedback is closed.' },
  feedback_too_many_images: { status: 400, message: 'At most 3 images.' },
  chat_room_not_found: { status: 404, message: 'No such chat room.' },
  chat_muted: { status: 403, message: 'You are muted in the chat room for now.' },
  chat_banned: { status: 403, message: 'You can no longer post in the chat room.' },
  chat_trial_read_only: { status: 403, message: 'Trial accounts can read the chat room but not post.' },
  chat_message_not_found: { status: 404, message: 'No such chat message.' },
  reward_not_found: { status: 404, message: 'No such reward.' },
  reward_already_claimed: { status: 409, message: 'This reward has already been claimed.' },
  reward_expired: { status: 409, message: 'This reward has expired.' },
  referral_code_invalid: { status: 400, message: 'This referral code is not valid.' },
  referral_not_found: { status: 404, message: 'No such referral.' },
  referral_not_flagged: { status: 409, message: 'This referral is not waiting for a decision.' },
  mission_not_found: { status: 404, message: 'No such mission.' },
  check_in_unavailable: { status: 409, message: 'There is no check-in today.' },
  points_insufficient: { status: 400, message: 'You do not have enough points.' },
  points_rules_missing: { status: 409, message: 'Points are not set up on this site yet.' },
  mall_item_not_found: { status: 404, message: 'This item is no longer available.' },
  mall_out_of_stock: { status: 409, message: 'This item is out of stock.' },
  mall_limit_reached: { status: 409, message: 'You have reached the limit for this item.' },
  mall_address_required: { status: 400, message: 'Enter a delivery address for this item.' },
  mall_order_not_found: { status: 404, message: 'No such order waiting for shipment.' },
  mall_order_not_pending: {
    status: 409,
    message: 'This order is not waiting for shipment (shipped, or paid in cash).',
  },
  member_not_found: { status: 404, message: 'No member has this account on this site.' },
  member_move_refused: { status: 409, message: 'This member cannot be moved under that agent.' },
  member_status_unchanged: { status: 409, message: 'The member already has this status.' },
  rebate_point_invalid: { status: 400, message: 'The rebate point is outside the allowed range.' },
  affiliate_link_limit: { status: 409, message: 'You have reached the maximum number of affiliate links.' },
  period_invalid: { status: 400, message: 'Choose a valid period (at most 93 days, from before to).' },
  invalid_bet: { status: 400, message: 'A bet is not valid.' },
  lottery_closed: { status: 409, message: 'Betting on this draw is closed.' },
  lottery_limit: { status: 409, message: 'The stake on a number of this draw is above the limit.' },
  lottery_result_invalid: { status: 400, message: 'The result is not a complete, well-formed result of this game.' },
  lottery_result_early: { status: 409, message: 'This draw has not taken place yet.' },
  lottery_result_pending: { status: 409, message: 'A result of this draw is already waiting for confirmation.' },
  lottery_result_same_admin: { status: 409, message: 'A different admin must confirm the result.' },
  lottery_result_mismatch: { status: 409, message: 'The result does not match the one entered; nothing changed.' },
  lottery_result_unchanged: { status: 409, message: 'The result is the same as the confirmed one.' },
  lottery_result_confirmed: {
    status: 409,
    message: 'This draw has a confirmed result: it is settled on it (enter a correction instead of cancelling).',
  },
  rg_time_out: { status: 403, message: 'You are taking a break from play until the date shown.' },
  rg_self_excluded: { status: 403, message: 'You have excluded yourself from play until the date shown.' },
  rg_deposit_limit: { status: 409, message: 'This deposit would go over your deposit limit.' },
  rg_loss_limit: { status: 409, message: 'You have reached your loss limit.' },
  rg_wager_limit: { status: 409, message: 'This bet would go over your wager limit.' },
  rg_session_limit: { status: 409, message: 'Your session time limit is reached. Please take a break.' },
  rg_break_locked: {
    status: 409,
    message: 'A time-out or self-exclusion cannot be lifted or shortened before it ends, by anyone.',
  },
  rg_staff_raise_refused: {
    status: 409,
    message: 'Staff can only lower a limit; the member raises it (after 24 hours).',
  },
  vendor_wallet_in_use: {
    status: 409,
    message: "Members still hold money in this vendor's transfer wallets; it must be transferred back first.",
  },
  vendor_rounds_open: { status: 409, message: 'Rounds of this vendor are still open; wait until they are settled.' },
  lottery_issue_drawn: {
    status: 409,
    message: 'This draw has been drawn: it settles on its result and can no longer be cancelled.',
  },
  bonus_active: {
    status: 409,
    message: 'You have an active bonus: withdrawing forfeits it. Confirm to forfeit the bonus and withdraw.',
  },
  bonus_not_eligible: { status: 409, message: 'You cannot join this bonus.' },
  bonus_already_joined: { status: 409, message: 'You have already joined this promotion.' },
  kyc_file_missing: { status: 400, message: 'Choose a file to upload.' },
  kyc_file_type: { status: 415, message: 'Upload a PNG, JPG or PDF file.' },
  kyc_file_too_large: { status: 413, message: 'Files must be 5 MB or smaller.' },
  kyc_under_review: {
    status: 409,
    message: 'This document is being reviewed; you can upload it again if it is rejected.',
  },
  kyc_already_approved: { status: 409, message: 'This document is already approved.' },
  kyc_document_not_found: { status: 404, message: 'No such document.' },
  kyc_already_reviewed: { status: 409, message: 'This document has already been reviewed.' },
  kyc_required: {
    status: 403,
    message:
      'Withdrawals of this amount need a verified identity. Upload your ID (front and back) and a selfie under Identity verification in the member centre.',
  },
  profile_under_age: { status: 400, message: 'You must be at least the minimum age to play on this site.' },
  account_balance_not_zero: {
    status: 409,
    message: 'Your wallets still hold money: withdraw it (and forfeit or finish any bonus) before closing the account.',
  },
  account_bets_open: {
    status: 409,
    message: 'Some of your bets are still waiting for their result: close the account once they are settled.',
  },
  account_money_pending: {
    status: 409,
    message:
      'A deposit or withdrawal of yours is still being processed: close the account once it is finished (or ask customer service).',
  },
  account_closed: { status: 403, message: 'This account is closed. Please contact customer service.' },
  bonus_claim_not_found: { status: 404, message: 'No such bonus claim.' },
  bonus_claim_not_flagged: { status: 409, message: 'This claim is not waiting for a review.' },
  internal_error: { status: 500, message: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);
}

/** One invalid field in a validation_failed answer (value.fields). */
export interface FieldError {
  /** Dotted path of the field, e.g. `username` or `items.0.amount`. */
  field: string;
  /** Machine-readable reason (zod issue code: too_small, invalid_format, ...). */
  reason: string;
  message: string;
}
