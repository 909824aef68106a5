/**
 * The mobile widget's styles (shadow root only). Phone first: one column that never scrolls sideways at 360 px
 * (long words wrap, tables scroll inside their box), every control at least 44 px tall.
 */
export const MOBILE_STYLES = `
.m{display:flex;flex-direction:column;gap:12px;padding:12px 12px 24px;max-width:640px;margin:0 auto;min-width:0}
.m button,.m select,.m input{font:inherit;color:inherit}
.stage{touch-action:pan-y;user-select:none;-webkit-user-select:none}
.slots{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none}
.slot{display:flex;flex-direction:column;align-items:center;gap:4px;width:100%;min-height:44px;padding:8px 4px;
border:2px solid #2c3648;border-radius:12px;background:#171e2b;cursor:pointer;text-align:center;overflow-wrap:anywhere}
.slot.on{border-color:#f59e0b;background:#241c0e}
.slot:disabled{opacity:.45}
.slot img,.noimg{width:56px;height:56px;object-fit:cover;object-position:center;border-radius:8px;background:#fff}
.noimg{background:#2c3648}
.pos{font-size:12px;color:#9aa4b5}
.pname{font-weight:700;font-size:14px;line-height:18px}
.pbrand{font-size:12px;line-height:16px;color:#9aa4b5}
.now{margin:10px 0 0;text-align:center;overflow-wrap:anywhere}
.price{color:#fbbf24}
.pickers{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px}
.field{display:flex;flex-direction:column;gap:4px;min-width:0;font-size:13px;color:#9aa4b5}
.field select{width:100%;min-width:0;min-height:44px;padding:0 10px;border:1px solid #2c3648;border-radius:8px;
background:#171e2b;color:#f4f6fa;font-size:15px}
.transport{display:flex;align-items:center;gap:12px;min-width:0}
.play{flex:none;width:56px;height:56px;border:0;border-radius:28px;background:#f59e0b;color:#111;font-size:20px;cursor:pointer}
.play:disabled{opacity:.45}
.seek{flex:1;min-width:0;height:44px;accent-color:#f59e0b}
.time{flex:none;font-variant-numeric:tabular-nums;color:#c7cdd9}
.tools{display:flex;flex-wrap:wrap;gap:8px}
.m .btn{min-height:44px;padding:0 14px;border:1px solid #2c3648;border-radius:22px;background:#171e2b;font-size:14px;
font-weight:600;cursor:pointer}
.m .btn[aria-pressed=true]{border-color:#f59e0b;color:#fbbf24}
.m .btn:disabled{opacity:.45;cursor:default}
.vote{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0;padding:0;border:0;min-width:0}
.question{flex-basis:100%;margin:0;font-weight:700}
.vote-note{flex-basis:100%;margin:0;color:#9aa4b5;font-size:13px;line-height:18px}
.badge{padding:1px 8px;border-radius:10px;background:#f59e0b;color:#111;font-size:12px;font-weight:700}
.menu{display:flex;flex-wrap:wrap;gap:8px}
.menu button{min-height:44px;padding:0 12px;border:1px solid #2c3648;border-radius:22px;background:#171e2b;
font-size:13px;font-weight:600;letter-spacing:.02em;cursor:pointer}
.menu button.on{border-color:#f59e0b;color:#fbbf24}
.m button:focus-visible,.m select:focus-visible,.m input:focus-visible,.m a:focus-visible{outline:2px solid #f59e0b;outline-offset:2px}
.sheet{min-width:0;padding:12px;border-radius:12px;background:#f7f8fa;color:#141c2b;overflow-wrap:anywhere}
.sheet .table{overflow-wrap:normal;hyphens:manual}
.sheet-top{display:flex;align-items:center;gap:8px;margin:-4px -4px 8px 0}
.sheet-top h3{flex:1;min-width:0;margin:0;font-size:15px}
.sheet-close{flex:none;width:44px;height:44px;border:0;border-radius:22px;background:transparent;color:#141c2b;
font-size:26px;line-height:44px;cursor:pointer}
.tabs{display:flex;flex-wrap:wrap;gap:4px;border-bottom:1px solid #e3e6ec;margin-bottom:8px}
.tab{min-width:44px;min-height:44px;padding:0 12px;border:0;border-bottom:2px solid transparent;background:transparent;
color:#4a5568;font-weight:600;cursor:pointer}
.tab[aria-selected=true]{border-bottom-color:#b45309;color:#141c2b}
.sheet a{color:#b45309}
.empty{color:#5a6478}
.deals{margin:0;padding:0;list-style:none}
.deals li{display:flex;align-items:center;gap:12px;min-height:56px;border-bottom:1px solid #e3e6ec}
.deals img{width:44px;height:44px;object-fit:contain}
.deals a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
.share{display:flex;flex-direction:column;gap:8px}
.share input{width:100%;min-height:44px;padding:0 10px;border:1px solid #c9ced8;border-radius:8px;background:#fff;color:#141c2b}
.share button{min-height:44px;border:0;border-radius:8px;background:#141c2b;color:#fff;font-weight:600}
.scroll-x{max-width:100%;overflow-x:auto}
.table{width:100%;border-collapse:collapse;font-size:13px}
.table th,.table td{padding:6px;border-bottom:1px solid #e3e6ec;text-align:left;vertical-align:top}
.table caption{text-align:left;font-weight:700;padding:8px 0 4px}
.nowrap{white-space:nowrap}
.graph,.spin img{max-width:100%;height:auto}
.gallery img,.spin-stage img{display:block;width:100%;max-width:360px;height:auto;aspect-ratio:1;object-fit:cover;object-position:center}
.gallery{display:flex;flex-direction:column;gap:8px}
.spin-control{width:100%;min-height:44px}
.sub{margin:12px 0 6px;font-size:14px}
.guide h3{margin:12px 0 4px;font-size:15px}
.guide p{margin:0 0 8px}
.links a{display:inline-block;min-height:44px;line-height:44px;margin-right:8px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){.m *{transition:none!important;animation:none!important;scroll-behavior:auto!important}}
@media (forced-colors:active){.slot.on,.menu button.on,.m .btn[aria-pressed=true],.tab[aria-selected=true]{outline:3px solid Highlight;outline-offset:-3px}.play{forced-color-adjust:none}}
`;
