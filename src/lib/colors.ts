/**
 * The 8 colour tokens of bank accounts and categories (SPEC §3, §9; DESIGN §4).
 * The token is what the database stores in `color`; never store a hex value.
 * Class names are written out in full so Tailwind's scanner keeps them.
 */
export const COLOR_TOKENS = [
  'blue',
  'green',
  'red',
  'purple',
  'orange',
  'yellow',
  'pink',
  'gray',
] as const;

export type ColorToken = (typeof COLOR_TOKENS)[number];

export const DEFAULT_COLOR: ColorToken = 'blue';

export const COLOR_LABELS: Record<ColorToken, string> = {
  blue: 'Azul',
  green: 'Verde',
  red: 'Vermelho',
  purple: 'Roxo',
  orange: 'Laranja',
  yellow: 'Amarelo',
  pink: 'Rosa',
  gray: 'Cinza',
};

/** Solid background (dots, swatches, account cards' stripe). */
export const COLOR_BG_CLASS: Record<ColorToken, string> = {
  blue: 'bg-swatch-blue',
  green: 'bg-swatch-green',
  red: 'bg-swatch-red',
  purple: 'bg-swatch-purple',
  orange: 'bg-swatch-orange',
  yellow: 'bg-swatch-yellow',
  pink: 'bg-swatch-pink',
  gray: 'bg-swatch-gray',
};

export const COLOR_TEXT_CLASS: Record<ColorToken, string> = {
  blue: 'text-swatch-blue',
  green: 'text-swatch-green',
  red: 'text-swatch-red',
  purple: 'text-swatch-purple',
  orange: 'text-swatch-orange',
  yellow: 'text-swatch-yellow',
  pink: 'text-swatch-pink',
  gray: 'text-swatch-gray',
};

export const COLOR_BORDER_CLASS: Record<ColorToken, string> = {
  blue: 'border-swatch-blue',
  green: 'border-swatch-green',
  red: 'border-swatch-red',
  purple: 'border-swatch-purple',
  orange: 'border-swatch-orange',
  yellow: 'border-swatch-yellow',
  pink: 'border-swatch-pink',
  gray: 'border-swatch-gray',
};

export function isColorToken(value: unknown): value is ColorToken {
  return typeof value === 'string' && (COLOR_TOKENS as readonly string[]).includes(value);
}

/** A stored colour that is not one of the tokens (old data) falls back to gray. */
export function toColorToken(value: string | null | undefined): ColorToken {
  return isColorToken(value) ? value : 'gray';
}
