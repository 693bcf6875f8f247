import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { reportError, useButtonCodes } from '../api/query.ts';
import { allButtons } from '../crud/access.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatDate } from '../utils/date.ts';
import type { DeviceAlarm } from './api.ts';

type Filter = 'all' | 'active' | 'cleared';

/** "3 min", "2 h 5 min". */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const minutes = Math.max(0, Math.round(seconds / 60));
    return minutes < 60
      ? t('devices.minutes', { n: minutes })
      : t('devices.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
  };
}

/**
 * /device/alarms (issue 19): every alarm, newest first, with how long it lasted; an alarm is
 * acknowledged once, with a comment, and shows who did it and when.
 */
export function AlarmList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useDocumentTitle({ key: 'devices.alarms' });
  const duration = useDuration();
  const codes = useButtonCodes().data;
  const mayEdit = !!codes && (codes.has(allButtons) || codes.has('deviceinfo_edit'));
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [acking, setAcking] = useState<DeviceAlarm | null>(null);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const alarms = useQuery({
    queryKey: ['device-alarms', filter, page],
    queryFn: () =>
      client.request<{ records: DeviceAlarm[]; total: number }>('GET', '/api/bl-iot/alarms', {
        query: {
          current: String(page.current),
          size: String(page.size),
          ...(filter === 'all' ? {} : { state: filter }),
        },
      }),
    refetchInterval: 15_000,
    staleTime: 0,
  });

  const acknowledge = async () => {
    if (!acking) return;
    setSaving(true);
    try {
      await client.request('POST', '/api/bl-iot/alarms/acknowledge', { body: { id: acking.id, comment } });
      message.success(t('devices.ackDone'));
      setAcking(null);
      setComment('');
      await queryClient.invalidateQueries({ queryKey: ['device-alarms'] });
      await queryClient.invalidateQueries({ queryKey: ['device-alarm-summary'] });
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="bl-page" data-testid="device-alarms">
      <Space style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('devices.alarms')}
        </Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('devices.filterAll') },
            { value: 'active', label: t('devices.state.active') },
            { value: 'cleared', label: t('devices.state.cleared') },
          ]}
        />
      </Space>
      {alarms.isError ? <Alert type="warning" showIcon message={(alarms.error as Error).message} /> : null}
      <Table<DeviceAlarm>
        rowKey="id"
        size="middle"
        loading={alarms.isPending}
        dataSource={alarms.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: alarms.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            title: t('devices.columns.device'),
            key: 'device',
            render: (_, a) => (
              <Space direction="vertical" size={0}>
                <span>{a.deviceName ?? a.deviceCode}</span>
                <Typography.Text type="secondary">{a.deviceCode}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('devices.columns.measure'),
            key: 'measure',
            render: (_, a) => t(`devices.measure.${a.measure}`),
          },
          {
            title: t('devices.columns.direction'),
            key: 'direction',
            render: (_, a) => t(`devices.direction.${a.direction}`),
          },
          { title: t('devices.columns.limit'), dataIndex: 'limitValue', align: 'right' },
          { title: t('devices.columns.peak'), dataIndex: 'peakValue', align: 'right' },
          {
            title: t('devices.columns.state'),
            key: 'state',
            render: (_, a) => (
              <>
                <Tag color={a.state === 'active' ? 'red' : 'green'}>{t(`devices.state.${a.state}`)}</Tag>
                {/* Notified again while nobody acknowledges it: how often so far. */}
                {a.notifyCount > 1 ? (
                  <Typography.Text type="secondary" data-testid={`alarm-notified-${a.id}`}>
                    {t('devices.notified', { n: a.notifyCount })}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          { title: t('devices.columns.raised'), key: 'raised', render: (_, a) => formatDate(a.raisedTime) },
          {
            title: t('devices.columns.cleared'),
            key: 'cleared',
            render: (_, a) => formatDate(a.clearedTime),
          },
          {
            title: t('devices.columns.duration'),
            key: 'duration',
            render: (_, a) => duration(a.durationSeconds),
          },
          {
            title: t('devices.columns.ack'),
            key: 'ack',
            render: (_, a) =>
              a.ackTime ? (
                <Typography.Text data-testid={`alarm-ack-${a.id}`}>
                  {t('devices.ackBy', {
                    user: a.ackUserName,
                    time: formatDate(a.ackTime),
                    comment: a.ackComment,
                  })}
                </Typography.Text>
              ) : mayEdit ? (
                <Button
                  size="small"
                  type="primary"
                  danger={a.state === 'active'}
                  onClick={() => setAcking(a)}
                >
                  {t('devices.acknowledge')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!acking}
        title={t('devices.ackTitle')}
        okText={t('devices.acknowledge')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        okButtonProps={{ disabled: !comment.trim() }}
        onOk={() => void acknowledge()}
        onCancel={() => setAcking(null)}
      >
        {acking ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {acking.deviceName ?? acking.deviceCode} · {t(`devices.measure.${acking.measure}`)}{' '}
              {t(`devices.direction.${acking.direction}`)} {acking.limitValue} ({t('devices.columns.peak')}{' '}
              {acking.peakValue})
            </Typography.Text>
            <Input.TextArea
              aria-label={t('devices.ackComment')}
              placeholder={t('devices.ackCommentPlaceholder')}
              maxLength={500}
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Space>
        ) : null}
      </Modal>
    </div>
  );
}
