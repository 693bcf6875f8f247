import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatDate } from '../utils/date.ts';

/** `GET /api/bl-wms/dashboard`: quantities are decimal strings, summed by the server. */
interface Dashboard {
  awaitingReview: { inbound: number; outbound: number };
  stock: { owners: number; qty: string; qtyWeg: string };
  topOwners: { customerCode: string; qty: string; qtyWeg: string }[];
  days: { day: number; inQty: string; outQty: string }[];
}

const weekDays = 7;

/** The visitor's midnight six days ago: day 0 of the server's week. */
function weekStart(): Date {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (weekDays - 1));
  return start;
}

/** A bar's share of the largest value, for the plain bars below (never a calculation shown). */
const share = (value: string, largest: number) => (largest > 0 ? (Number(value) / largest) * 100 : 0);

/**
 * /wel/dashboard (spec 01 §2, hidden from the menu): the warehouse at a glance: bills waiting
 * for review (each opens its list), stock on hand by owner, and goods in and out per day over
 * the last week.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle({ key: 'dashboard.title' });
  const start = weekStart();
  const dashboard = useQuery({
    queryKey: ['dashboard', start.toISOString()],
    queryFn: () =>
      client.request<Dashboard>('GET', '/api/bl-wms/dashboard', { query: { since: start.toISOString() } }),
    staleTime: 0,
    retry: false,
  });

  if (dashboard.isError)
    return (
      <div className="bl-page">
        <Alert
          type="warning"
          showIcon
          message={(dashboard.error as Error).message}
          data-testid="dashboard-error"
        />
      </div>
    );
  const data = dashboard.data;
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: 4 });
  const largestOwner = Math.max(0, ...(data?.topOwners ?? []).map((o) => Number(o.qty)));
  const largestDay = Math.max(0, ...(data?.days ?? []).flatMap((d) => [Number(d.inQty), Number(d.outQty)]));

  return (
    <div className="bl-page" data-testid="dashboard">
      <Row gutter={[16, 16]}>
        {(
          [
            ['inbound', data?.awaitingReview.inbound, '/warehousingManagement/isinstockbillForm'],
            ['outbound', data?.awaitingReview.outbound, '/outWarehouseManagement/osoutstockbillForm'],
          ] as const
        ).map(([key, value, path]) => (
          <Col key={key} flex="1 1 200px">
            <Card variant="borderless" hoverable className="bl-figure" onClick={() => navigate(path)}>
              <Statistic
                title={t(`dashboard.awaiting.${key}`)}
                value={value ?? 0}
                loading={dashboard.isPending}
                valueRender={(shown) => <span data-testid={`awaiting-${key}`}>{shown}</span>}
              />
            </Card>
          </Col>
        ))}
        <Col flex="1 1 200px">
          <Card variant="borderless" className="bl-figure">
            <Statistic
              title={t('dashboard.owners')}
              value={data?.stock.owners ?? 0}
              loading={dashboard.isPending}
            />
          </Card>
        </Col>
        <Col flex="1 1 200px">
          <Card variant="borderless" className="bl-figure">
            <Statistic
              title={t('dashboard.onHand')}
              value={number.format(Number(data?.stock.qty ?? 0))}
              loading={dashboard.isPending}
              valueRender={(shown) => <span data-testid="on-hand">{shown}</span>}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('dashboard.byOwner')} variant="borderless" data-testid="by-owner">
            {dashboard.isPending ? (
              <Skeleton active />
            ) : !data || data.topOwners.length === 0 ? (
              <Empty description={t('dashboard.noStock')} />
            ) : (
              data.topOwners.map((owner) => (
                <div key={owner.customerCode} className="bl-bar-row">
                  <span className="bl-bar-label">{owner.customerCode}</span>
                  <span className="bl-bar-track">
                    <span
                      className="bl-bar bl-bar-in"
                      style={{ width: `${share(owner.qty, largestOwner)}%` }}
                    />
                  </span>
                  <span className="bl-bar-value">{number.format(Number(owner.qty))}</span>
                </div>
              ))
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={t('dashboard.week')}
            variant="borderless"
            data-testid="by-day"
            extra={
              <span className="bl-bar-legend">
                <span className="bl-bar bl-bar-in" /> {t('dashboard.in')}
                <span className="bl-bar bl-bar-out" /> {t('dashboard.out')}
              </span>
            }
          >
            {dashboard.isPending || !data ? (
              <Skeleton active />
            ) : (
              data.days.map((day) => {
                const date = new Date(start);
                date.setDate(start.getDate() + day.day);
                return (
                  <div key={day.day} className="bl-bar-row">
                    <span className="bl-bar-label">{formatDate(date, 'MM-dd')}</span>
                    <span className="bl-bar-track bl-bar-pair">
                      <span
                        className="bl-bar bl-bar-in"
                        style={{ width: `${share(day.inQty, largestDay)}%` }}
                      />
                      <span
                        className="bl-bar bl-bar-out"
                        style={{ width: `${share(day.outQty, largestDay)}%` }}
                      />
                    </span>
                    <span className="bl-bar-value">
                      {number.format(Number(day.inQty))} / {number.format(Number(day.outQty))}
                    </span>
                  </div>
                );
              })
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
