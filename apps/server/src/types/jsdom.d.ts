/** What the server uses of jsdom (its own types, @types/jsdom, bring the DOM lib into the whole program). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      XMLSerializer: new () => { serializeToString(node: unknown): string };
    };
  }
}
