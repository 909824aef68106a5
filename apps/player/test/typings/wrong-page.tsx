/// <reference path="../../types/atk-player-react.d.ts" />
/** What the typings refuse (../typings.test.ts expects each line marked below to be an error). */
export const Wrong = () => (
  <>
    {/* error: not a consent */}
    <atk-player consent="maybe" />
    {/* error: a buy click's detail has no `sku` */}
    <atk-player onatk-buy-click={(e) => e.detail.sku} />
  </>
);
export const wrongCall = (el: HTMLElementTagNameMap['atk-player']) =>
  // error: seek takes seconds
  el.seek('10');
