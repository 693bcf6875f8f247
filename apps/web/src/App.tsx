import type { Language } from '@bl/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
// The ES builds: this package is "type": "module", so the CommonJS `antd/locale/*` would
// import as `{ default: locale }` and antd would silently stay in English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query.ts';
import { currentLanguage } from './i18n/index.ts';
import { router } from './router.tsx';
import { themeConfig, themeLook, useAppearance, useReducedMotion } from './shell/appearance.ts';
import { FeedbackBridge } from './shell/feedback.ts';
import { ProgressBar } from './shell/ProgressBar.tsx';

const antdLocales: Record<Language, Locale> = { zh: zhCN, mo: zhTW, en: enUS };

const latin = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial";
const emoji = "'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";
const simplified =
  "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC'";
const traditional = "'PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK TC', 'Source Han Sans TC'";

/** Latin letters in a Latin face, Han characters in the face of the chosen script. */
const fontFamilies: Record<Language, string> = {
  zh: `${latin}, ${simplified}, sans-serif, ${emoji}`,
  mo: `${latin}, ${traditional}, sans-serif, ${emoji}`,
  en: `${latin}, ${simplified}, sans-serif, ${emoji}`,
};

export function Root() {
  useTranslation(); // re-render on language change
  const language = currentLanguage();
  const theme = useAppearance((s) => s.theme);
  const color = useAppearance((s) => s.color);
  const reducedMotion = useReducedMotion();
  const config = useMemo(
    () => themeConfig(theme, color, fontFamilies[language], !reducedMotion),
    [theme, color, language, reducedMotion],
  );
  // The frame's CSS (styles.css) keys on these: the theme's own touches and the chosen colour.
  useEffect(() => {
    document.body.dataset.theme = theme;
    document.body.style.setProperty('--bl-primary', color);
    document.body.style.setProperty('--bl-header-text', themeLook(theme, color).headerText);
  }, [theme, color]);
  return (
    <ConfigProvider locale={antdLocales[language]} theme={config}>
      <AntdApp>
        <FeedbackBridge />
        <ProgressBar />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
