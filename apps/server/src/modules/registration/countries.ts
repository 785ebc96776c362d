/** Countries offered for mobile numbers (dialing codes). South-East Asia first. */
export const COUNTRIES: { countryCode: string; countryDialingCode: string }[] = [
  ['PH', '63'], ['VN', '84'], ['TH', '66'], ['ID', '62'], ['MY', '60'], ['SG', '65'], ['KH', '855'], ['MM', '95'],
  ['LA', '856'], ['BN', '673'], ['TL', '670'], ['CN', '86'], ['HK', '852'], ['MO', '853'], ['TW', '886'], ['KR', '82'],
  ['JP', '81'], ['IN', '91'], ['BD', '880'], ['AU', '61'], ['GB', '44'], ['US', '1'],
].map(([countryCode, countryDialingCode]) => ({ countryCode: countryCode!, countryDialingCode: countryDialingCode! }));
