import { languages } from '@bl/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage, nativeNames, setLanguage } from '../i18n/index.ts';

/** The three interface languages as large buttons, each in its own name. */
export function LanguageSwitch() {
  useTranslation();
  const current = currentLanguage();
  return (
    <div className="hh-languages">
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          className={`hh-button hh-small${language === current ? ' hh-selected' : ''}`}
          aria-pressed={language === current}
          onClick={() => void setLanguage(language)}
        >
          {nativeNames[language]}
        </button>
      ))}
    </div>
  );
}
