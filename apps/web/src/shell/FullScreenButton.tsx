import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full screen on and off; follows Esc and the browser's own controls too. */
export function FullScreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  const toggle = () => {
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, a policy): nothing changes, and nothing to report.
    void change.catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="bl-tool"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={full}
        data-testid="fullscreen"
        onClick={toggle}
      />
    </Tooltip>
  );
}
