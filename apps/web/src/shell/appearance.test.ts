import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultColor,
  isThemeName,
  normalizeColor,
  themeConfig,
  themeLook,
  themeNames,
} from './appearance.ts';

describe('themes and colours', () => {
  it('offers the six themes of spec 01 §9', () => {
    expect(themeNames).toEqual(['default', 'white', 'star', 'iview', 'd2', 'hey']);
    expect(isThemeName('star')).toBe(true);
    expect(isThemeName('dark')).toBe(false);
    expect(defaultColor).toBe('#409EFF');
  });

  it('gives every theme a frame of its own', () => {
    const frames = themeNames.map((name) => {
      const look = themeLook(name, defaultColor);
      return `${look.menu}|${look.headerBg}|${look.siderBg}`;
    });
    expect(new Set(frames).size).toBe(themeNames.length);
  });

  it('drives antd primary colour from the chosen colour', () => {
    const config = themeConfig('white', '#11A983', 'sans-serif');
    expect(config.token?.colorPrimary).toBe('#11A983');
    expect(config.components?.Layout?.siderBg).toBe('#FFFFFF');
    // hey paints its top bar in the chosen colour.
    expect(themeConfig('hey', '#F5222D', 'sans-serif').components?.Layout?.headerBg).toBe('#F5222D');
  });

  it('turns antd motion off when the system asks for reduced motion', () => {
    expect(themeConfig('white', '#11A983', 'sans-serif').token?.motion).toBe(true);
    expect(themeConfig('white', '#11A983', 'sans-serif', false).token?.motion).toBe(false);
  });

  it('accepts only hex colours, normalised', () => {
    expect(normalizeColor('#409eff')).toBe('#409EFF');
    expect(normalizeColor(' #abc ')).toBe('#AABBCC');
    expect(normalizeColor('red')).toBeNull();
    expect(normalizeColor('#12345')).toBeNull();
    expect(normalizeColor(undefined)).toBeNull();
  });
});

describe('the appearance store', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    vi.resetModules();
    items = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
  });

  it('starts with the default theme and colour', async () => {
    const { useAppearance } = await import('./appearance.ts');
    expect(useAppearance.getState()).toMatchObject({ theme: 'default', color: '#409EFF' });
  });

  it('keeps theme, colour and collapse across a reload, under the site key', async () => {
    const first = await import('./appearance.ts');
    first.useAppearance.getState().setTheme('star');
    first.useAppearance.getState().setColor('#11a983');
    first.useAppearance.getState().setCollapsed(true);
    expect(items.get('saber-theme-name')).toBe('star');
    vi.resetModules();
    const reloaded = await import('./appearance.ts');
    expect(reloaded.useAppearance.getState()).toMatchObject({
      theme: 'star',
      color: '#11A983',
      collapsed: true,
    });
  });

  it('ignores a colour that is not one and stored values it does not know', async () => {
    items.set('saber-theme-name', 'neon');
    items.set('saber-color-name', 'javascript:alert(1)');
    const { useAppearance } = await import('./appearance.ts');
    expect(useAppearance.getState()).toMatchObject({ theme: 'default', color: '#409EFF' });
    useAppearance.getState().setColor('not a colour');
    expect(useAppearance.getState().color).toBe('#409EFF');
  });
});
