import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { type Language, languages } from '@bl/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/query.ts';
import { currentLanguage, htmlLang, nativeNames, setLanguage } from '../i18n/index.ts';

/**
 * Language switch (spec 01 §2): each language is offered in its own name, the current one
 * disabled. Nothing reloads or re-mounts: every screen re-renders in the new language and
 * keeps what it holds (search, chosen area, drafts, scroll), and the cached server answers are
 * fetched again in that language.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  const choose = async (language: Language) => {
    await setLanguage(language);
    // Server answers (messages, names) are in the caller's language: fetch them again.
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'catalogueLabels' });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: languages.map((language) => ({
          key: language,
          label: <span lang={htmlLang[language]}>{nativeNames[language]}</span>,
          disabled: language === current,
        })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        data-testid="language-switch"
        aria-label={t('language.switch')}
      >
        <GlobalOutlined />
        {nativeNames[current]}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
