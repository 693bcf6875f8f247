import { BellOutlined, KeyOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Modal,
  Row,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { reportError, useButtonCodes } from '../api/query.ts';
import { allButtons } from '../crud/access.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatDate } from '../utils/date.ts';
import type { BoardDevice, DeviceSecret } from './api.ts';

const DeviceHistoryChart = lazy(() =>
  import('./DeviceHistoryChart.tsx').then((m) => ({ default: m.DeviceHistoryChart })),
);

/** How often the board asks for fresh values, in ms. */
const refreshEvery = 10_000;

/** The card's colour: red in alarm, orange once acknowledged, grey offline. */
function cardClass(device: BoardDevice) {
  if (device.alarm)
    return device.alarm.acknowledged ? 'bl-device-card bl-device-acked' : 'bl-device-card bl-device-alarm';
  return device.online ? 'bl-device-card' : 'bl-device-card bl-device-offline';
}

/**
 * /device/board (issue 19): a card per sensor with its last temperature and humidity, whether it
 * is online, its open alarm, and the buzzer and light switches (a switch sends a command and
 * shows it pending until the device reports the new state, or timed out). Each card opens the
 * device's history chart; a new secret is shown once.
 */
export function DeviceBoard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle({ key: 'devices.board' });
  const codes = useButtonCodes().data;
  const mayEdit = !!codes && (codes.has(allButtons) || codes.has('deviceinfo_edit'));
  const [chartOf, setChartOf] = useState<BoardDevice | null>(null);
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const board = useQuery({
    queryKey: ['device-board'],
    queryFn: () => client.request<BoardDevice[]>('GET', '/api/bl-iot/devices/board'),
    refetchInterval: refreshEvery,
    staleTime: 0,
  });

  const command = async (device: BoardDevice, switchName: 'beep' | 'led', on: boolean) => {
    try {
      await client.request('POST', '/api/bl-iot/devices/command', {
        body: { deviceCode: device.deviceCode, switchName, switchValue: on ? '1' : '0' },
      });
    } catch (error) {
      reportError(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['device-board'] });
  };

  const rotate = (device: BoardDevice) =>
    modal.confirm({
      title: t('devices.secret'),
      content: t('devices.secretConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          setSecret(
            await client.request<DeviceSecret>('POST', '/api/bl-iot/deviceinfo/secret', {
              body: { deviceCode: device.deviceCode },
            }),
          );
        } catch (error) {
          reportError(error);
        }
      },
    });

  if (board.isError)
    return (
      <div className="bl-page">
        <Alert type="warning" showIcon message={(board.error as Error).message} />
      </div>
    );

  const switchOf = (device: BoardDevice, name: 'beep' | 'led') => {
    const last = device.commands?.find((c) => c.switchName === name);
    const value = name === 'beep' ? device.beepState : device.ledState;
    const waiting = last?.state === 'pending';
    return (
      <Space size={4} data-testid={`device-${name}-${device.deviceCode}`}>
        <Typography.Text type="secondary">{t(`devices.${name}`)}</Typography.Text>
        <Switch
          size="small"
          checked={waiting ? last.switchValue === '1' : value === '1'}
          loading={waiting}
          disabled={!mayEdit || waiting}
          onChange={(on) => void command(device, name, on)}
          aria-label={t(`devices.${name}`)}
        />
        {waiting ? (
          <Typography.Text type="warning" className="bl-device-note">
            {t('devices.pending')}
          </Typography.Text>
        ) : last?.state === 'timeout' ? (
          <Typography.Text type="danger" className="bl-device-note">
            {t('devices.timeout')}
          </Typography.Text>
        ) : null}
      </Space>
    );
  };

  const devices = board.data ?? [];
  return (
    <div className="bl-page" data-testid="device-board">
      <Space style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('devices.board')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void board.refetch()}>
          {t('devices.refresh')}
        </Button>
        <Button icon={<BellOutlined />} onClick={() => navigate('/device/alarms')}>
          {t('devices.alarms')}
        </Button>
      </Space>
      {board.isPending ? (
        <Skeleton active />
      ) : devices.length === 0 ? (
        <Empty description={t('devices.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {devices.map((device) => (
            <Col key={device.id} xs={24} sm={12} lg={8} xxl={6}>
              <Card
                className={cardClass(device)}
                data-testid={`device-card-${device.deviceCode}`}
                title={
                  <Space>
                    <Badge status={device.online ? 'success' : 'default'} />
                    <span>{device.deviceName}</span>
                    <Typography.Text type="secondary">{device.deviceCode}</Typography.Text>
                  </Space>
                }
                extra={
                  <Space size={0}>
                    <Tooltip title={t('devices.history')}>
                      <Button
                        type="text"
                        icon={<LineChartOutlined />}
                        aria-label={t('devices.history')}
                        data-testid={`device-history-${device.deviceCode}`}
                        onClick={() => setChartOf(device)}
                      />
                    </Tooltip>
                    {mayEdit ? (
                      <Tooltip title={t('devices.secret')}>
                        <Button
                          type="text"
                          icon={<KeyOutlined />}
                          aria-label={t('devices.secret')}
                          onClick={() => rotate(device)}
                        />
                      </Tooltip>
                    ) : null}
                  </Space>
                }
              >
                <Row>
                  <Col span={12}>
                    <div className="bl-device-value">
                      {device.temperature ?? '—'}
                      <small> ℃</small>
                    </div>
                    <Typography.Text type="secondary">{t('devices.temperature')}</Typography.Text>
                  </Col>
                  <Col span={12}>
                    <div className="bl-device-value">
                      {device.humidity ?? '—'}
                      <small> %RH</small>
                    </div>
                    <Typography.Text type="secondary">{t('devices.humidity')}</Typography.Text>
                  </Col>
                </Row>
                <div className="bl-device-status">
                  <Tag color={device.online ? 'green' : 'default'}>
                    {device.online ? t('devices.online') : t('devices.offline')}
                  </Tag>
                  {device.alarm ? (
                    <Tag color={device.alarm.acknowledged ? 'orange' : 'red'}>
                      {device.alarm.acknowledged ? t('devices.acknowledged') : t('devices.inAlarm')} ·{' '}
                      {t(`devices.measure.${device.alarm.measure}`)}{' '}
                      {t(`devices.direction.${device.alarm.direction}`)} {device.alarm.limitValue}
                    </Tag>
                  ) : null}
                  <Typography.Text type="secondary" className="bl-device-note">
                    {t('devices.lastReport')}
                    {device.lastReportTime ? formatDate(device.lastReportTime) : t('devices.never')}
                  </Typography.Text>
                </div>
                <Space direction="vertical" size={4}>
                  {switchOf(device, 'beep')}
                  {switchOf(device, 'led')}
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Modal
        open={!!chartOf}
        title={chartOf ? `${t('devices.history')} · ${chartOf.deviceName}` : ''}
        width={960}
        footer={null}
        destroyOnHidden
        onCancel={() => setChartOf(null)}
      >
        {chartOf ? (
          <Suspense fallback={<Skeleton active />}>
            <DeviceHistoryChart deviceCode={chartOf.deviceCode} />
          </Suspense>
        ) : null}
      </Modal>
      <Modal
        open={!!secret}
        title={secret ? t('devices.secretTitle', { device: secret.deviceCode }) : ''}
        footer={null}
        width={640}
        onCancel={() => setSecret(null)}
      >
        {secret ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('devices.secretOnce')} />
            <Typography.Paragraph copyable code data-testid="device-secret">
              {secret.secret}
            </Typography.Paragraph>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('devices.httpFeed')}>
                <Typography.Text copyable>{`${window.location.origin}${secret.httpPath}`}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('devices.mqttAccount')}>
                <Typography.Text copyable code>
                  {secret.mqttUsername}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('devices.mqttTopics')}>
                {Object.values(secret.topics).map((topic) => (
                  <div key={topic}>
                    <Typography.Text code>{topic}</Typography.Text>
                  </div>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Space>
        ) : null}
      </Modal>
    </div>
  );
}
