import { BgColorsOutlined, SkinOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { presetColors, type ThemeName, themeLook, themeNames, useAppearance } from './appearance.ts';

/** The theme picker (spec 01 §2, §9): each choice shows a swatch of its frame. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useAppearance((s) => s.theme);
  const color = useAppearance((s) => s.color);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [theme],
        items: themeNames.map((name) => {
          const look = themeLook(name, color);
          return {
            key: name,
            label: (
              <span className="bl-theme-option" data-testid={`theme-${name}`}>
                <span className="bl-theme-swatch" aria-hidden>
                  <span style={{ background: look.siderBg }} />
                  <span style={{ background: look.headerBg }} />
                </span>
                {t(`shell.themes.${name}`)}
              </span>
            ),
          };
        }),
        onClick: ({ key }) => useAppearance.getState().setTheme(key as ThemeName),
      }}
    >
      <Tooltip title={t('shell.theme')}>
        <Button
          type="text"
          className="bl-tool"
          icon={<SkinOutlined />}
          aria-label={t('shell.theme')}
          data-testid="theme-picker"
        />
      </Tooltip>
    </Dropdown>
  );
}

/** The colour picker (spec 01 §2): the primary colour of every control; default #409EFF. */
export function ColorPickerButton() {
  const { t } = useTranslation();
  const color = useAppearance((s) => s.color);
  return (
    <ColorPicker
      value={color}
      disabledAlpha
      presets={[{ label: t('shell.color'), colors: presetColors, defaultOpen: true }]}
      onChangeComplete={(value) => useAppearance.getState().setColor(value.toHexString())}
    >
      <span>
        <Tooltip title={t('shell.color')}>
          <Button
            type="text"
            className="bl-tool"
            icon={<BgColorsOutlined />}
            aria-label={t('shell.color')}
            data-testid="color-picker"
          />
        </Tooltip>
      </span>
    </ColorPicker>
  );
}
