import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { readText, writeText } from '../storage.ts';
import { screenClass } from '../utils/screen.ts';

/** The theme picker's choices (spec 01 §9). */
export const themeNames = ['default', 'white', 'star', 'iview', 'd2', 'hey'] as const;
export type ThemeName = (typeof themeNames)[number];

/** The colour picker's default (spec 01 §9). */
export const defaultColor = '#409EFF';

/** Swatches offered next to the free picker, the usual Element/Ant palette. */
export const presetColors = [
  '#409EFF',
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
];

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as readonly string[]).includes(value);
}

/** A colour the picker may store: #rgb or #rrggbb, upper-cased so equal colours compare equal. */
export function normalizeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toUpperCase();
  if (/^#[0-9a-f]{3}$/i.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join('')}`.toUpperCase();
  return null;
}

/** How one theme paints the frame; the page area keeps antd's light surfaces in every theme. */
export interface ThemeLook {
  /** The side menu's antd theme. */
  menu: 'light' | 'dark';
  headerBg: string;
  headerText: string;
  siderBg: string;
  /** Background of the content area behind the cards. */
  bodyBg: string;
  /** Background of sub-menus in a dark side menu. */
  subMenuBg: string;
}

const looks: Record<ThemeName, (color: string) => ThemeLook> = {
  // Saber's default: white top bar, dark side menu.
  default: () => ({
    menu: 'dark',
    headerBg: '#FFFFFF',
    headerText: '#1F2937',
    siderBg: '#20222A',
    bodyBg: '#F0F2F5',
    subMenuBg: '#1A1C22',
  }),
  // Everything light.
  white: () => ({
    menu: 'light',
    headerBg: '#FFFFFF',
    headerText: '#1F2937',
    siderBg: '#FFFFFF',
    bodyBg: '#F5F7FA',
    subMenuBg: '#FFFFFF',
  }),
  // A night sky: deep blue frame.
  star: () => ({
    menu: 'dark',
    headerBg: '#0F1C3F',
    headerText: '#FFFFFF',
    siderBg: '#15224A',
    bodyBg: '#E8ECF5',
    subMenuBg: '#0F1A3A',
  }),
  // iView admin: slate side menu, darker sub-menus, a shadowed white bar over a grey page.
  iview: () => ({
    menu: 'dark',
    headerBg: '#FFFFFF',
    headerText: '#515A6E',
    siderBg: '#515A6E',
    bodyBg: '#F5F7F9',
    subMenuBg: '#363E4F',
  }),
  // D2 admin: a pale blue-grey frame around white cards.
  d2: () => ({
    menu: 'light',
    headerBg: '#EBF1F6',
    headerText: '#2F74FF',
    siderBg: '#EBF1F6',
    bodyBg: '#EBF1F6',
    subMenuBg: '#EBF1F6',
  }),
  // Hey: the top bar in the chosen colour over a light side menu.
  hey: (color) => ({
    menu: 'light',
    headerBg: color,
    headerText: '#FFFFFF',
    siderBg: '#FFFFFF',
    bodyBg: '#F3F4F7',
    subMenuBg: '#FFFFFF',
  }),
};

export function themeLook(name: ThemeName, color: string): ThemeLook {
  return looks[name](color);
}

/** antd tokens of a theme and colour: the primary colour, and the frame's colours per theme. */
/**
 * antd's theme for a look, a colour and a script's fonts. `motion` false (the user asked the
 * system for reduced motion) turns antd's opening and closing animations off: a dialog is there
 * at once, and nothing moves under the pointer while it opens.
 */
export function themeConfig(name: ThemeName, color: string, fontFamily: string, motion = true): ThemeConfig {
  const look = themeLook(name, color);
  return {
    token: { colorPrimary: color, colorInfo: color, colorLink: color, fontFamily, borderRadius: 6, motion },
    components: {
      Layout: {
        headerBg: look.headerBg,
        headerHeight: 56,
        headerPadding: '0 16px',
        siderBg: look.siderBg,
        bodyBg: look.bodyBg,
      },
      Menu: {
        itemBorderRadius: 6,
        itemMarginInline: 8,
        activeBarBorderWidth: 0,
        itemBg: look.siderBg,
        subMenuItemBg: look.subMenuBg,
        darkItemBg: look.siderBg,
        darkSubMenuItemBg: look.subMenuBg,
        darkItemSelectedBg: color,
      },
    },
  };
}

const themeKey = 'theme-name';
const colorKey = 'color-name';
const collapseKey = 'collapse';

interface AppearanceState {
  theme: ThemeName;
  color: string;
  collapsed: boolean;
  setTheme(theme: ThemeName): void;
  setColor(color: string): void;
  setCollapsed(collapsed: boolean): void;
}

/** Collapsed as last left; on a first visit, collapsed on screens narrower than 992 px. */
function readCollapsed(): boolean {
  const stored = readText(collapseKey);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return typeof window !== 'undefined' && screenClass(window.innerWidth) < 2;
}

export function readAppearance(): Pick<AppearanceState, 'theme' | 'color' | 'collapsed'> {
  const theme = readText(themeKey);
  return {
    theme: isThemeName(theme) ? theme : 'default',
    color: normalizeColor(readText(colorKey)) ?? defaultColor,
    collapsed: readCollapsed(),
  };
}

/** Theme, colour and the side menu's collapse, each kept so a reload shows the same frame. */
export const useAppearance = create<AppearanceState>((set) => ({
  ...readAppearance(),
  setTheme: (theme) => {
    writeText(themeKey, theme);
    set({ theme });
  },
  setColor: (value) => {
    const color = normalizeColor(value);
    if (!color) return;
    writeText(colorKey, color);
    set({ color });
  },
  setCollapsed: (collapsed) => {
    writeText(collapseKey, String(collapsed));
    set({ collapsed });
  },
}));

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion, following changes while the page is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(reducedMotionQuery);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(reducedMotionQuery).matches,
  );
}
