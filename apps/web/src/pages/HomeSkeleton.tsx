import { Card, Col, Row, Skeleton } from 'antd';

/**
 * The shape of the home page while its code or data arrives (issue 14, point 14): a greeting
 * card and three cards below, so a signed-in user never looks at an empty page. With `frame`,
 * the shell's side menu and top bar are drawn too, for the moment before the shell's own code.
 */
export function HomeSkeleton(props: { frame?: boolean }) {
  const content = (
    <div className="bl-home-skeleton" data-testid="home-skeleton">
      <Card>
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </Card>
      <Row gutter={[16, 16]} className="bl-home-skeleton-cards">
        {[0, 1, 2].map((key) => (
          <Col key={key} xs={24} md={8}>
            <Card>
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
  if (!props.frame) return content;
  return (
    <div className="bl-home-frame">
      <div className="bl-home-frame-sider" />
      <div className="bl-home-frame-main">
        <div className="bl-home-frame-header" />
        {content}
      </div>
    </div>
  );
}
