import { TOOLTIP_FEATURES } from '@atk/contract';

/**
 * The tooltips a new database starts with, one per player feature (TOOLTIP_FEATURES; docs/api.md "Default tooltips").
 * Content defaults, not demo data: they go in everywhere, once, while the table is empty; operators edit them under
 * Tooltips.
 */
export const DEFAULT_TOOLTIPS: Record<(typeof TOOLTIP_FEATURES)[number], string> = {
  Gear: 'Pick the products to compare, then switch between them while the music keeps playing.',
  Blind: 'Hide the product names and shuffle them, then guess which one you prefer before revealing.',
  Share: 'Copy a link to this comparison to send it to someone or post it.',
  ListeningGuide: "What to listen for: the brand's notes on how this product sounds.",
  Discography: 'Records made with this product, with links to hear them on Spotify or Tidal.',
  FrequencyOrTech: "The product's frequency response and its technical specifications.",
  Image: 'More photos of the product, including a 360° view you can turn.',
  BuyButton: 'Go to a store that sells this product, in your currency where one is available.',
  AtkpAudio:
    'Every product plays the same performance at the same loudness, so what you hear is the difference in the gear.',
  AtkpWaveform: 'The waveform of the track: click anywhere on it to jump to that moment.',
};

export const defaultTooltipRows = () =>
  TOOLTIP_FEATURES.map((name, feature) => ({ feature, content: DEFAULT_TOOLTIPS[name] }));
