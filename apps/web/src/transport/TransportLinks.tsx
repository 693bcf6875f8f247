import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { currentLanguage } from '../i18n/index.ts';

interface DocumentLink {
  entity: string;
  billNo: string;
  id: string;
}

/** The transport documents whose view screens show their neighbours. */
export const linkedEntities = new Set([
  'consignmentbill',
  'dispatch',
  'loadingbill',
  'arrivalbill',
  'deliverybill',
]);

/** The screen of a linked document, by the spec route that shows it. */
const routeOf = (link: DocumentLink) =>
  ({
    osoutstockbill: `/outWarehouseManagement/osoutstockbillFormView?id=${link.id}`,
    consignmentbill: `/consignmentBill/consignmentBillView?id=${link.id}`,
    dispatch: `/dispatchBill/dispatchBillView?id=${link.id}`,
    loadingbill: `/loadingBill/loadingBillEdit?id=${link.id}`,
    arrivalbill: `/arrivalBill/arrivalBillEdit?id=${link.id}`,
    deliverybill: `/deliveryBill/deliveryBillEdit?id=${link.id}`,
  })[link.entity] ?? '/';

/**
 * The documents one transport document comes from and leads to (issue 17): the outbound bill
 * or order before a consignment, its dispatch, note and departures after it, and so on.
 */
export function TransportLinks(props: { entity: string; billNo: string; catalogue: CatalogueIndex }) {
  const { entity, billNo, catalogue } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const links = useQuery({
    queryKey: ['transport', 'links', entity, billNo],
    queryFn: () =>
      client.request<{ before: DocumentLink[]; after: DocumentLink[] }>(
        'GET',
        '/api/bl-tms/transport/links',
        {
          query: { entity, billNo },
        },
      ),
    staleTime: 0,
  });
  const tags = (list: DocumentLink[] | undefined) =>
    list && list.length > 0 ? (
      list.map((link) => (
        <Tag key={`${link.entity}-${link.id}`}>
          <Link to={routeOf(link)}>
            {catalogue.entity(link.entity)?.label[language] ?? link.entity} {link.billNo}
          </Link>
        </Tag>
      ))
    ) : (
      <Typography.Text type="secondary">{t('transport.none')}</Typography.Text>
    );
  return (
    <div className="bl-transport-links" data-testid="transport-links" style={{ margin: '12px 0' }}>
      <Typography.Text strong>{t('transport.links')}</Typography.Text>
      <Space wrap style={{ marginLeft: 12 }}>
        <Typography.Text type="secondary">{t('transport.before')}:</Typography.Text>
        {tags(links.data?.before)}
        <Typography.Text type="secondary">→ {t('transport.after')}:</Typography.Text>
        {tags(links.data?.after)}
      </Space>
    </div>
  );
}
