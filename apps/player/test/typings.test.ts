/**
 * The typings served beside the script (types/atk-player.d.ts, atk-player-react.d.ts) type-check a React 19 page
 * that uses `<atk-player>` (./typings/react-page.tsx), and refuse what the element does not take
 * (./typings/wrong-page.tsx).
 */
import ts from 'typescript';
import { expect, it } from 'vitest';

/** This folder, as a path (the player's typings carry no Node types). */
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

function diagnostics(file: string): string[] {
  const program = ts.createProgram([`${here}typings/${file}`], {
    strict: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    allowImportingTsExtensions: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName.split('/').pop() ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

it('a React 19 page using <atk-player> and <atk-mobile-player> type-checks with the typings', () => {
  expect(diagnostics('react-page.tsx')).toEqual([]);
}, 60_000);

it('the typings refuse a consent, an event detail and a method argument the element does not take', () => {
  const errors = diagnostics('wrong-page.tsx');
  expect(errors).toHaveLength(3);
  expect(errors.join('\n')).toMatch(/"maybe"/);
  expect(errors.join('\n')).toMatch(/sku/);
  expect(errors.join('\n')).toMatch(/'string' is not assignable to parameter of type 'number'/);
}, 60_000);
