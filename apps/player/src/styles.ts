/**
 * Styles of the shadow root only (the host page is never touched). Every size is in px, so the host page's root
 * font size does not matter, and inherited properties are reset on the host so its text styles do not leak in.
 */
export const STYLES = `
:host{all:initial;display:block;position:static;width:0;height:0;overflow:visible}
*,*::before,*::after{box-sizing:border-box}
.backdrop{position:fixed;inset:0;z-index:2147483000;background:rgba(12,16,24,.55)}
.panel{position:fixed;z-index:2147483001;display:flex;flex-direction:column;top:50%;left:50%;transform:translate(-50%,-50%);
width:min(760px,calc(100vw - 32px));max-height:calc(100vh - 64px);overflow:hidden;border-radius:12px;background:#fff;color:#141c2b;
box-shadow:0 20px 60px rgba(0,0,0,.35);font:400 14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
-webkit-font-smoothing:antialiased}
.panel:focus{outline:none}
.panel.mini{top:auto;left:auto;transform:none;width:min(380px,calc(100vw - 16px));max-height:min(560px,calc(100vh - 16px));
border-radius:10px;box-shadow:0 8px 32px rgba(0,0,0,.3)}
.header{display:flex;align-items:flex-start;gap:12px;padding:16px 16px 12px 20px;border-bottom:1px solid #e8eaef}
.heading{flex:1;min-width:0}
.title{margin:0;font-size:18px;line-height:24px;font-weight:700;overflow-wrap:anywhere}
.mini .title{font-size:16px;line-height:22px}
.brand{margin:2px 0 0;font-size:13px;line-height:18px;color:#5a6478}
.close{flex:none;width:32px;height:32px;margin:0;padding:0;border:0;border-radius:16px;background:transparent;color:#4a5568;
font:400 24px/32px system-ui,sans-serif;cursor:pointer}
.close:hover{background:#f1f2f5;color:#141c2b}
.close:focus-visible,.retry:focus-visible{outline:2px solid #c2410c;outline-offset:2px}
.preview{flex:none;margin:0;padding:8px 20px;border-bottom:1px solid #f5d9a8;background:#fff7e6;color:#7a4b00;
font-size:13px;line-height:18px}
.body{padding:12px 20px 20px;overflow:auto}
.message{margin:8px 0;font-size:14px;line-height:20px;color:#4a5568}
.error{color:#b42318}
.retry{margin:4px 0 0;padding:6px 14px;border:1px solid #c2410c;border-radius:6px;background:#fff;color:#c2410c;
font:600 13px/18px system-ui,sans-serif;cursor:pointer}
`;
