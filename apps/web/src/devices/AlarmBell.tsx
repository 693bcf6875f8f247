import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import type { AlarmSummary } from './api.ts';

/**
 * The top bar's device alarm bell (issue 19): shown while a device is in alarm, with the count
 * not yet acknowledged; opens the alarm list. Quiet when the user may not see devices.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useQuery({
    queryKey: ['device-alarm-summary'],
    queryFn: () => client.request<AlarmSummary>('GET', '/api/bl-iot/alarms/summary'),
    refetchInterval: 30_000,
    retry: false,
    meta: { quiet: true },
  });
  const data = summary.data;
  if (!data || data.active === 0) return null;
  return (
    <Tooltip title={t('devices.topBar', { n: data.unacknowledged })}>
      <Button
        type="text"
        className="bl-tool"
        data-testid="device-alarm-bell"
        aria-label={t('devices.topBar', { n: data.unacknowledged })}
        onClick={() => navigate('/device/alarms')}
        icon={
          <Badge count={data.unacknowledged} size="small" overflowCount={99}>
            <AlertOutlined style={{ color: data.unacknowledged > 0 ? '#f5222d' : '#fa8c16' }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
