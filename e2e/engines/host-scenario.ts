/**
 * The host-page story the other engines run (./engines.test.ts), as Chromium does in tests/host-api.spec.ts: a
 * brand's page of another origin that logs every event `<atk-player>` dispatches, its Listen button (open and play),
 * and a script, run in that page, that drives the player through its methods and its own buttons: seek, level matching
 * off, a blind test (each product heard 7 s, then a vote), pause, Buy now, close. Plain JavaScript text, so WebDriver
 * and puppeteer run it as it is.
 */
import { PLAYER_HOST_EVENTS } from '@atk/contract';

/** What the page hears, in order, when the story runs (Chromium's story in tests/host-api.spec.ts too). */
export const EXPECTED_EVENTS = [
  'atk-open',
  'atk-ready',
  'atk-play',
  'atk-seek',
  'atk-level-match',
  'atk-switch',
  'atk-vote',
  'atk-reveal',
  'atk-pause',
  'atk-buy-click',
  'atk-close',
];

/**
 * The brand's page: the player's loader from the portal, the element, a Listen button that opens it on `instance`
 * and plays it (a click: browsers let sound start from a user's gesture), and the log.
 */
export const hostPage = (portal: string, instance: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Our microphones</title>
<script src="${portal}/player/atk-player.js" defer></script>
</head><body><h1>Our microphones</h1>
<button type="button" id="listen">Listen</button>
<atk-player></atk-player>
<script>
document.getElementById('listen').addEventListener('click', function () {
  window.listening = customElements.whenDefined('atk-player').then(function () {
    return document.querySelector('atk-player').open({ instance: '${instance}' });
  }).then(function (player) { return player.play(); });
});
window.atkLog = [];
${JSON.stringify(PLAYER_HOST_EVENTS)}.forEach(function (name) {
  document.addEventListener(name, function (e) { atkLog.push({ type: e.type, detail: e.detail }); });
});
</script></body></html>`;

export interface ScenarioResult {
  error?: string;
  events: { type: string; detail: Record<string, unknown> }[];
  products: string[];
}

/**
 * The story, as the body of an async function run in the page once its Listen button was clicked; it resolves with
 * the log, or the first failure and the log so far.
 */
export const scenario = `
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const until = async (what, ok, ms = 45000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for ' + what);
    await wait(100);
  }
};
const log = () => window.atkLog;
let products = [];
try {
  await until('the Listen button', () => window.listening);
  await window.listening;
  const el = document.querySelector('atk-player');
  const inside = (tag, text) =>
    [...el.shadowRoot.querySelectorAll(tag)].find((b) => b.textContent.trim() === text);
  // The product it opens on, and another it offers (the ready event lists them).
  const ready = log().find((e) => e.type === 'atk-ready');
  const other = ready.detail.products.find((p) => p.id !== el.selectedProduct);
  products = [el.selectedProduct, other.id];
  await until('the playhead to move', () => el.position > 0.5);
  await el.seek(2);
  inside('button', 'Level matching').click();
  inside('button', 'Blind mode').click();
  const heard = async () => {
    const from = el.position;
    await until('7 s of listening', () => el.position > from + 7);
  };
  await heard();
  await el.select(products[1]);
  await heard();
  // The first product the vote offers (those heard long enough are enabled).
  const pick = () =>
    [...el.shadowRoot.querySelectorAll('.vote button')].find((b) => !b.disabled && /^Product /.test(b.textContent));
  await until('the vote', pick);
  pick().click();
  await el.pause();
  const buy = inside('a', 'Buy now');
  // The shop opens in a new window: not in this test (a script's click may be refused one).
  buy.addEventListener('click', (e) => e.preventDefault());
  buy.click();
  el.close();
  await until('the close event', () => log().some((e) => e.type === 'atk-close'), 5000);
  return { events: log(), products };
} catch (err) {
  return { error: String(err && err.message), events: log(), products };
}
`;
