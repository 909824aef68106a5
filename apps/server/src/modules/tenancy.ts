/**
 * The brand-scope rules moved to modules/access/ (issue 34). Kept only for modules/statistics, which imports
 * `ownBrand` from here until it imports access/brand-scope.ts; then this file goes.
 */
export { ownBrand } from './access/brand-scope.ts';
