import { describe, expect, it } from 'vitest';
import { FastColor } from '@ant-design/fast-color';
import { isBright } from './is-bright';

describe('isBright (what antd asks for the text colour on a button or tag)', () => {
  it('an opaque colour by its perceived brightness', () => {
    expect(isBright(new FastColor('#ffffff'), '#000000')).toBe(true);
    expect(isBright(new FastColor('#fadb14'), '#ffffff')).toBe(true); // yellow: dark text
    expect(isBright(new FastColor('#1677ff'), '#ffffff')).toBe(false); // the primary blue: white text
    expect(isBright(new FastColor('#000000'), '#ffffff')).toBe(false);
  });

  it('a mostly transparent colour as it shows over the background', () => {
    expect(isBright(new FastColor('rgba(0, 0, 0, 0.1)'), '#ffffff')).toBe(true);
    expect(isBright(new FastColor('rgba(255, 255, 255, 0.1)'), '#000000')).toBe(false);
  });
});
