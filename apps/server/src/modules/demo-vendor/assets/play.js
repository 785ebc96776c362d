// The demo vendor's game page: talks only to the vendor's own backend (/demo-vendor/api/*), which talks to the
// site's wallet. One page serves every demo game; the game's picks and rules come from the session.
const params = new URLSearchParams(location.search);
const token = params.get('s') ?? '';

// The page's texts in the site's languages; the server wrote the player's language into <html data-language>.
const TEXTS = {
  en: {
    noAnswer: 'The vendor did not answer.',
    refusedRequest: 'The vendor refused the request.',
    status: {
      placing: 'placing',
      open: 'waiting for result',
      settled: 'settled',
      cancelled: 'cancelled',
      refused: 'refused',
    },
    paid: (m) => ` · paid ${m}`,
    stake: (m) => `stake ${m}`,
    transferWallet: 'Balance at the vendor (transfer wallet)',
    siteWallet: 'Your site wallet',
    resultAfter: (s) => ` Result about ${s} s after your bet.`,
    minimum: (m) => `Minimum ${m}`,
    invalidStake: 'Enter a valid stake.',
    placing: 'Placing your bet…',
    refused: 'The bet was refused.',
    youGet: (m) => `you get ${m}`,
    noWin: 'no win',
    cancelled: 'The round was cancelled; your stake is back.',
    taken: 'Bet taken. The result comes when the event ends.',
    retry: 'Press the button again to retry the same bet.',
  },
  ty: {
    noAnswer: 'Nhà cung cấp không trả lời.',
    refusedRequest: 'Nhà cung cấp từ chối yêu cầu.',
    status: {
      placing: 'đang đặt',
      open: 'chờ kết quả',
      settled: 'đã kết toán',
      cancelled: 'đã hủy',
      refused: 'bị từ chối',
    },
    paid: (m) => ` · trả ${m}`,
    stake: (m) => `cược ${m}`,
    transferWallet: 'Số dư tại nhà cung cấp (ví chuyển khoản)',
    siteWallet: 'Ví của bạn trên trang',
    resultAfter: (s) => ` Có kết quả khoảng ${s} giây sau khi bạn cược.`,
    minimum: (m) => `Tối thiểu ${m}`,
    invalidStake: 'Nhập tiền cược hợp lệ.',
    placing: 'Đang đặt cược…',
    refused: 'Cược bị từ chối.',
    youGet: (m) => `bạn nhận ${m}`,
    noWin: 'không thắng',
    cancelled: 'Ván đã bị hủy; tiền cược đã được hoàn lại.',
    taken: 'Đã nhận cược. Kết quả có khi sự kiện kết thúc.',
    retry: 'Bấm nút lần nữa để đặt lại đúng cược này.',
  },

  tl: {
    noAnswer: 'Hindi sumagot ang provider.',
    refusedRequest: 'Tinanggihan ng provider ang request.',
    status: {
      placing: 'inilalagay',
      open: 'hinihintay ang resulta',
      settled: 'settled',
      cancelled: 'kinansela',
      refused: 'tinanggihan',
    },
    paid: (m) => ` · ibinayad ${m}`,
    stake: (m) => `taya ${m}`,
    transferWallet: 'Balanse sa provider (transfer wallet)',
    siteWallet: 'Ang iyong wallet sa site',
    resultAfter: (s) => ` May resulta mga ${s} s pagkatapos ng iyong taya.`,
    minimum: (m) => `Minimum ${m}`,
    invalidStake: 'Maglagay ng tamang taya.',
    placing: 'Inilalagay ang iyong taya…',
    refused: 'Tinanggihan ang taya.',
    youGet: (m) => `makukuha mo ang ${m}`,
    noWin: 'walang panalo',
    cancelled: 'Kinansela ang round; naibalik ang iyong taya.',
    taken: 'Tinanggap ang taya. Darating ang resulta kapag natapos ang event.',
    retry: 'Pindutin ulit ang button para subukan muli ang parehong taya.',
  },
};

const T = TEXTS[document.documentElement.dataset.language] ?? TEXTS.en;
const $ = (id) => document.getElementById(id);
let session;
let pending = null; // the request id of a bet whose answer we have not seen (a retry reuses it)
let poll;

function formatMoney(minor, exponent) {
  const s = String(minor).padStart(exponent + 1, '0');
  const whole = s.slice(0, s.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return exponent ? `${whole}.${s.slice(-exponent)}` : whole;
}

function toMinor(text, exponent) {
  const m = /^\s*(\d{1,12})(?:\.(\d+))?\s*$/.exec(text);
  if (!m || (m[2] ?? '').length > exponent) return null;
  return (m[1] + (m[2] ?? '').padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
}

async function api(path, init = {}) {
  const res = await fetch(`/demo-vendor/api/${path}`, {
    ...init,
    headers: { 'x-demo-session': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body = await res.json().catch(() => ({ message: T.noAnswer }));
  if (!res.ok) throw new Error(body.message ?? T.refusedRequest);
  return body;
}

function show(text, error = false) {
  const el = $('result');
  el.textContent = text;
  el.classList.toggle('is-error', error);
}

const statusWords = T.status;

function renderRounds(rounds) {
  const list = $('rounds');
  list.replaceChildren();
  $('no-rounds').hidden = rounds.length > 0;
  for (const r of rounds) {
    const li = document.createElement('li');
    const status = document.createElement('span');
    status.className = `dv-status ${r.status}`;
    status.textContent = statusWords[r.status] ?? r.status;
    const what = document.createElement('span');
    const paid = r.payout !== null && r.status === 'settled' ? T.paid(formatMoney(r.payout, session.exponent)) : '';
    what.textContent = `${r.pickLabel} · ${T.stake(formatMoney(r.stake, session.exponent))}${paid}`;
    const meta = document.createElement('span');
    meta.className = 'dv-meta';
    meta.textContent = [r.summary, r.message, new Date(r.createdAt).toLocaleTimeString()].filter(Boolean).join(' · ');
    li.append(status, what, meta);
    list.append(li);
  }
}

function renderBalance() {
  $('balance').textContent =
    session.balance === null ? '—' : `${formatMoney(session.balance, session.exponent)} ${session.currency}`;
  $('balance-note').textContent =
    session.balanceMessage ?? (session.walletMode === 'transfer' ? T.transferWallet : T.siteWallet);
}

async function refresh() {
  session = await api('session');
  renderBalance();
  renderRounds(session.rounds);
  const waiting = session.rounds.some((r) => r.status === 'open' || r.status === 'placing');
  clearTimeout(poll);
  if (waiting) poll = setTimeout(() => refresh().catch(() => undefined), 2000);
}

function renderGame() {
  const g = session.game;
  document.title = `${g.name} · Demo vendor`;
  $('name').textContent = g.name;
  $('blurb').textContent = g.blurb + (g.settleAfterSeconds ? T.resultAfter(g.settleAfterSeconds) : '');
  const picks = $('picks');
  for (const [i, p] of g.picks.entries()) {
    const label = document.createElement('label');
    label.className = 'dv-pick';
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'pick';
    input.value = p.key;
    input.checked = i === 0;
    const span = document.createElement('span');
    span.textContent = p.label;
    label.append(input, span);
    picks.append(label);
  }
  $('amount').value = formatMoney(g.minBet, session.exponent).replace(/,/g, '');
  $('min').textContent = T.minimum(formatMoney(g.minBet, session.exponent));
}

async function placeBet(event) {
  event.preventDefault();
  const amount = toMinor($('amount').value, session.exponent);
  if (!amount || amount === '0') return show(T.invalidStake, true);
  const pick = document.querySelector('input[name="pick"]:checked')?.value;
  pending ??= crypto.randomUUID();
  $('bet').disabled = true;
  show(T.placing);
  try {
    const round = await api('rounds', { method: 'POST', body: JSON.stringify({ requestId: pending, pick, amount }) });
    pending = null;
    if (round.status === 'refused') show(round.message ?? T.refused, true);
    else if (round.status === 'settled')
      show(
        `${round.summary} · ${BigInt(round.payout) > 0n ? T.youGet(formatMoney(round.payout, session.exponent)) : T.noWin}`,
      );
    else if (round.status === 'cancelled') show(round.message ?? round.summary ?? T.cancelled);
    else show(round.message ?? T.taken);
    await refresh();
  } catch (err) {
    show(`${err.message} ${T.retry}`, true);
  } finally {
    $('bet').disabled = false;
  }
}

async function start() {
  try {
    session = await api('session');
    renderGame();
    renderBalance();
    renderRounds(session.rounds);
    $('game').hidden = false;
    $('bet-form').addEventListener('submit', placeBet);
    await refresh();
  } catch (err) {
    $('loading').textContent = err.message;
    return;
  }
  $('loading').hidden = true;
}

start();
