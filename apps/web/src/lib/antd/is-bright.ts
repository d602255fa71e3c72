import { FastColor } from '@ant-design/fast-color';

interface Colour {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

/**
 * Whether text on `colour` should be dark (antd's Button and Tag styles ask; the build hands them this rather
 * than the colour picker's module: antd-first-visit.ts). An opaque colour by its perceived brightness (ITU-R BT.601
 * weights); a mostly transparent one as it shows over `background`.
 */
export function isBright(colour: Colour, background: string): boolean {
  const { r, g, b, a } = colour.toRgb();
  if (a <= 0.5) return new FastColor(colour.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
