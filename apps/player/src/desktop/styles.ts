/**
 * The app's styles, added to the element's shadow root next to the loader's (../styles.ts): px only, every
 * colour with at least 4.5:1 contrast on its background, nothing outside the shadow root.
 */
export const APP_STYLES = `
.app{display:flex;flex-direction:column;gap:14px;color:#141c2b;font-size:14px;line-height:20px}
.app *{font-family:inherit}
.app h3{margin:0;font-size:14px;line-height:20px;font-weight:700}
.app h4{margin:0 0 6px;font-size:13px;line-height:18px;font-weight:700}
.app p{margin:0}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.row{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px 12px}
.group{display:inline-flex;align-items:center;gap:6px;flex-wrap:wrap}
.field{display:flex;flex-direction:column;gap:4px;flex:1 1 180px;min-width:0}
.app>.field{flex:none}
.label{font-size:12px;line-height:16px;font-weight:600;letter-spacing:.02em;color:#4a5568}
.app select,.app input[type=text]{height:34px;margin:0;padding:0 10px;border:1px solid #8a94a6;border-radius:6px;background:#fff;
color:#141c2b;font-size:14px;line-height:20px;min-width:0;width:100%}
.app button{margin:0;font-size:13px;line-height:18px;color:#141c2b}
.app :focus-visible{outline:2px solid #c2410c;outline-offset:2px}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:32px;padding:6px 12px;border:1px solid #8a94a6;
border-radius:6px;background:#fff;color:#141c2b;font-size:13px;line-height:18px;font-weight:600;text-decoration:none;cursor:pointer}
.btn:hover{background:#f5f6f8}
.btn:disabled{color:#5a6478;cursor:not-allowed}
.btn[aria-pressed=true]{background:#141c2b;border-color:#141c2b;color:#fff}
.btn.primary{background:#c2410c;border-color:#c2410c;color:#fff}
.btn.primary:hover{background:#9a3412}
.empty,.hint{color:#4a5568;font-size:13px;line-height:18px}
.section-head,.panel-head{display:flex;align-items:center;gap:8px;margin-bottom:8px}
.hint{margin-left:auto;font-size:12px}
.products{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.product{display:flex;align-items:stretch;min-width:0}
.pick{display:flex;align-items:center;gap:8px;min-height:44px;max-width:260px;padding:6px 10px;border:1px solid #8a94a6;
border-radius:8px;background:#fff;text-align:left;cursor:pointer}
.product .pick:not(:last-child){border-top-right-radius:0;border-bottom-right-radius:0}
.pick:hover{background:#f5f6f8}
.pick[aria-pressed=true]{border-color:#c2410c;background:#fff4ed;box-shadow:inset 0 0 0 1px #c2410c}
.pick:disabled{cursor:not-allowed;background:#f5f6f8}
.key{flex:none;display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;border-radius:4px;
background:#e8eaef;color:#141c2b;font-size:12px;font-weight:700}
.pick[aria-pressed=true] .key{background:#c2410c;color:#fff}
.thumb{flex:none;width:32px;height:32px;border-radius:4px;object-fit:cover;object-position:center;background:#f5f6f8}
.pname{display:flex;flex-direction:column;min-width:0}
.name{font-size:14px;line-height:18px;font-weight:600;overflow-wrap:anywhere}
.model,.pnote{font-size:12px;line-height:16px;color:#4a5568}
.pnote{font-style:italic}
.vote{display:flex;flex-wrap:wrap;align-items:center;gap:6px 8px;margin:0;padding:0;border:0;min-width:0}
.abx{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;border:0;min-width:0}
.abx legend{padding:0;margin-bottom:8px}
.question{font-weight:700}
.vote-note{flex-basis:100%;color:#4a5568;font-size:13px;line-height:18px}
.remove{width:28px;border:1px solid #8a94a6;border-left:0;border-radius:0 8px 8px 0;background:#fff;color:#4a5568;
font-size:16px;cursor:pointer}
.remove:hover{background:#f5f6f8;color:#141c2b}
.add{margin-top:8px}
.notes:empty{display:none}
.notes{margin-top:8px}
.note{padding:6px 10px;border-radius:6px;background:#fef3f2;color:#b42318;font-size:13px;line-height:18px}
.note+.note{margin-top:4px}
.transport{display:flex;align-items:center;gap:12px}
.play{flex:none;display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;border:0;border-radius:22px;
background:#c2410c;cursor:pointer}
.play:hover{background:#9a3412}
.play[aria-disabled=true]{background:#8a94a6;cursor:progress}
.icon{display:block}
.play-icon{width:0;height:0;margin-left:4px;border-style:solid;border-width:9px 0 9px 15px;border-color:transparent transparent transparent #fff}
.pause{width:14px;height:16px;border-left:5px solid #fff;border-right:5px solid #fff}
.wave-wrap{flex:1;min-width:0}
.wave{display:block;width:100%;height:56px;cursor:pointer;touch-action:none;border-radius:4px}
.wave[aria-disabled=true]{cursor:default}
.time{flex:none;min-width:84px;text-align:right;font-variant-numeric:tabular-nums;color:#4a5568;font-size:13px}
.tools{align-items:center;gap:10px 16px}
.level{display:inline-flex;align-items:center;gap:8px}
.badge{display:inline-block;padding:2px 8px;border-radius:10px;background:#e8eaef;color:#4a5568;font-size:12px;line-height:16px;font-weight:600}
.badge.on{background:#e7f6ec;color:#1a6131}
.switch{display:inline-flex;align-items:center;gap:6px;padding:4px 2px;border:0;background:transparent;cursor:pointer;font-weight:600}
.track{position:relative;display:inline-block;width:32px;height:18px;border-radius:9px;background:#8a94a6}
.track::after{content:"";position:absolute;top:2px;left:2px;width:14px;height:14px;border-radius:7px;background:#fff;transition:left .15s}
.switch[aria-checked=true] .track{background:#1a6131}
.switch[aria-checked=true] .track::after{left:16px}
.share-note{font-size:12px;color:#1a6131}
.share input{font-size:12px}
.buy{align-items:center;justify-content:space-between}
.price{display:flex;align-items:baseline;gap:6px}
.price strong{font-size:18px;line-height:24px}
.tip{position:relative;display:inline-flex}
.info{display:inline-flex;align-items:center;justify-content:center;width:20px;height:20px;padding:0;border:1px solid #5a6478;
border-radius:10px;background:#fff;color:#4a5568;font:italic 700 12px/1 Georgia,serif;cursor:pointer}
.info[aria-expanded=true]{background:#141c2b;border-color:#141c2b;color:#fff}
.bubble{position:absolute;z-index:2;top:26px;left:-8px;width:max-content;max-width:240px;padding:8px 10px;border-radius:6px;
background:#141c2b;color:#fff;font-size:12px;line-height:17px;font-weight:400;font-style:normal;white-space:pre-line;
box-shadow:0 4px 16px rgba(0,0,0,.25)}
.features{border-top:1px solid #e8eaef;padding-top:12px}
.tabs{display:flex;flex-wrap:wrap;gap:4px;border-bottom:1px solid #e8eaef;margin-bottom:12px}
.tab{padding:8px 12px;border:0;border-bottom:2px solid transparent;background:transparent;color:#4a5568;font-weight:600;cursor:pointer}
.tab[aria-selected=true]{border-bottom-color:#c2410c;color:#141c2b}
.tab:hover{color:#141c2b}
.tabpanel:focus-visible{outline-offset:4px}
.guide h3{margin:12px 0 4px;font-size:15px}
.guide p{margin:0 0 8px}
.guide a{color:#b93a12}
.scroll-x{overflow-x:auto}
.table{width:100%;border-collapse:collapse;font-size:13px;line-height:18px}
.table caption{text-align:left;font-weight:700;font-size:12px;letter-spacing:.04em;color:#4a5568;padding:8px 0 4px}
.table th,.table td{padding:6px 8px;border-bottom:1px solid #e8eaef;text-align:left;vertical-align:top}
.table thead th{font-size:12px;color:#4a5568}
.specs th{width:45%;font-weight:600;color:#4a5568}
.bands th{font-weight:700;white-space:nowrap}
.nowrap{white-space:nowrap}
.links a{color:#b93a12;font-weight:600;margin-right:10px}
.freq .graph{display:block;max-width:100%;height:auto;margin:0 0 12px;border:1px solid #e8eaef;border-radius:6px}
.sub+.sub{margin-top:16px}
.spin-stage{display:flex;justify-content:center;align-items:center;min-height:120px;background:#f5f6f8;border-radius:6px;cursor:grab;
touch-action:pan-y;user-select:none}
.spin-stage:active{cursor:grabbing}
.spin-stage img{display:block;width:280px;max-width:100%;height:auto;aspect-ratio:1;object-fit:cover;object-position:center;pointer-events:none}
.spin-control{display:flex;align-items:center;gap:8px;margin-top:8px;font-size:12px;color:#4a5568}
.spin-control input{flex:1}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:8px}
.gallery figure{margin:0}
.gallery img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;object-position:center;border-radius:6px;background:#f5f6f8}
.mini .pick{max-width:100%}
.mini .time{min-width:0}
.mini .transport{gap:8px}
.mini .hint{display:none}
.hint{display:none}
@media (hover:hover) and (pointer:fine){.hint{display:inline}}
.panel:not(.mini):has(.app){height:min(900px,calc(100vh - 64px))}
@media (prefers-reduced-motion:reduce){.app *,.app *::after{transition:none!important;animation:none!important;scroll-behavior:auto!important}}
@media (forced-colors:active){.pick[aria-pressed=true],.btn[aria-pressed=true],.tab[aria-selected=true],.info[aria-expanded=true]{outline:3px solid Highlight;outline-offset:-3px}
.play,.key,.track{forced-color-adjust:none}.bubble{border:1px solid CanvasText}}
`;
