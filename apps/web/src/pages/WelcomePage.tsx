import { UserOutlined } from '@ant-design/icons';
import { permissionWildcard, statisticsButton } from '@bl/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';
import { useButtonCodes, useMenuRoutes, useUserInfo } from '../api/query.ts';
import { useSeededName } from '../i18n/seeded.ts';
import { useSession } from '../session.ts';
import { menuIcon } from '../shell/icons.tsx';
import { leaves, visibleMenus } from '../shell/menu.ts';
import { useAvatarSrc } from '../shell/useAvatar.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import { SetupChecklist } from './SetupChecklist.tsx';

function greetingKey(hour: number) {
  if (hour < 12) return 'welcome.morning' as const;
  if (hour < 18) return 'welcome.afternoon' as const;
  return 'welcome.evening' as const;
}

/** `GET /api/bl-system/statistics`: the tenant's figures since the visitor's own midnight. */
interface Statistics {
  signInsToday: number;
  usersSignedInToday: number;
  users: number;
  registrationsToday: number;
  errorsReportedToday: number;
}

const figures = [
  'registrationsToday',
  'signInsToday',
  'usersSignedInToday',
  'users',
  'errorsReportedToday',
] as const;

function localMidnight(): string {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

/**
 * Home (/wel/index): a greeting, the set-up checklist while a tenant is new, today's figures
 * (spec 02 §2) and the user's business areas.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  const menuLabel = useMenuLabel();
  const navigate = useNavigate();
  const session = useSession((s) => s.session);
  const userInfo = useUserInfo();
  const menuRoutes = useMenuRoutes();
  useDocumentTitle({ key: 'shell.home' });

  // The server answers the figures only to holders of their button: others are not shown them.
  const codes = useButtonCodes().data;
  const showFigures = !!codes && (codes.has(permissionWildcard) || codes.has(statisticsButton));
  const statistics = useQuery({
    queryKey: ['statistics'],
    queryFn: () =>
      client.request<Statistics>('GET', '/api/bl-system/statistics', { query: { since: localMidnight() } }),
    enabled: showFigures,
    // Figures move: fetched again on each visit of the home page.
    staleTime: 0,
  });

  const seeded = useSeededName();
  const name = seeded(userInfo.data?.userName ?? session?.userName ?? '');
  const avatar = useAvatarSrc(userInfo.data?.avatar);
  const areas = visibleMenus(menuRoutes.data);

  return (
    <div className="bl-page">
      <Card className="bl-welcome" variant="borderless">
        <div className="bl-welcome-row">
          <Avatar size={64} icon={<UserOutlined />} src={avatar} className="bl-welcome-avatar" />
          <div className="bl-welcome-text">
            <Typography.Title level={3} data-testid="welcome-title">
              {t(greetingKey(new Date().getHours()), { name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('welcome.intro', { title: t('app.title') })}
            </Typography.Text>
            <div>
              {/* The dashboard is hidden from the menu (spec 01 §2): home leads there. */}
              <Button
                type="link"
                className="bl-welcome-link"
                onClick={() => navigate('/wel/dashboard')}
                data-testid="open-dashboard"
              >
                {t('dashboard.open')}
              </Button>
            </div>
          </div>
          <Descriptions
            className="bl-welcome-facts"
            size="small"
            column={1}
            items={[
              { key: 'tenant', label: t('welcome.tenant'), children: session?.tenantId ?? '' },
              {
                key: 'account',
                label: t('welcome.account'),
                children: userInfo.data?.account ?? session?.account,
              },
              {
                key: 'role',
                label: t('welcome.role'),
                children: seeded(userInfo.data?.roleName ?? session?.roleName ?? ''),
              },
            ]}
          />
        </div>
      </Card>
      <SetupChecklist />
      {showFigures && (
        <Row gutter={[16, 16]} data-testid="statistics">
          {figures.map((figure) => (
            <Col key={figure} flex="1 1 200px">
              <Card variant="borderless" className="bl-figure">
                <Statistic
                  title={t(`welcome.${figure}`)}
                  value={statistics.data?.[figure] ?? 0}
                  loading={statistics.isPending}
                  valueRender={(value) => <span data-testid={`figure-${figure}`}>{value}</span>}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Card
        title={t('welcome.areas')}
        extra={<Typography.Text type="secondary">{t('welcome.areasHint')}</Typography.Text>}
        variant="borderless"
        data-testid="areas"
      >
        {menuRoutes.isPending ? (
          <Skeleton active />
        ) : areas.length === 0 ? (
          <Empty description={t('welcome.noAreas')} />
        ) : (
          <Row gutter={[16, 16]}>
            {areas.map((area) => {
              const screens = leaves([area]);
              const names = screens
                .filter((screen) => screen !== area)
                .map(menuLabel)
                .join(' · ');
              const first = screens[0];
              return (
                <Col key={area.id} xs={24} sm={12} lg={8} xxl={6}>
                  <Card
                    hoverable
                    size="small"
                    className="bl-area"
                    onClick={() => first?.path && navigate(first.path)}
                  >
                    <div className="bl-area-head">
                      <span className="bl-area-icon">
                        {menuIcon(area.source, menuIcon('AppstoreOutlined'))}
                      </span>
                      <span className="bl-area-name">{menuLabel(area)}</span>
                    </div>
                    <div className="bl-area-screens" title={names}>
                      {names}
                    </div>
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </Card>
    </div>
  );
}
