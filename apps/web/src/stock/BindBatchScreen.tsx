import { TagsOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import { queryClient, reportError, useButtonCodes } from '../api/query.ts';
import { CrudScreen } from '../crud/CrudScreen.tsx';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { CodeName } from '../crud/cells.tsx';
import { DateInput } from '../crud/inputs.tsx';

/** A stock balance as `stock/detail` answers it (amounts are decimal strings). */
interface Balance {
  id: string;
  customerCode: string;
  materialCode: string;
  batchNo: string;
  customerBatchNo: string;
  warehousePlaceCode: string;
  qty: string;
  productDate: string | null;
  validityDate: string | null;
}

interface BindForm {
  qty: string;
  batchNo: string;
  customerBatchNo: string;
  productDate?: string;
  validityDate?: string;
}

const bindPath = '/api/bl-wms/stock/bind-batch';
/** Four decimals at most, as the ledger keeps them. */
const decimal = /^\d{1,14}(\.\d{1,4})?$/;

/**
 * Bind batch (/warehousingManagement/stockBatchForm, ADR 0008): the stock list, where one
 * chosen balance gets its batch number, owner's batch number and dates, for all or part of
 * its quantity. Behind `stock_bindBatch`; the server moves the goods in the ledger.
 */
export function BindBatchScreen({ catalogue }: { catalogue: CatalogueIndex }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const codes = useButtonCodes().data;
  const [balance, setBalance] = useState<Balance>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<BindForm>();
  const entity = catalogue.entity('stock');
  if (!entity) return null;
  const allowed = !!codes && (codes.has('*:*:*') || codes.has('stock_bindBatch'));

  const open = async (ids: string[]) => {
    if (ids.length !== 1) {
      message.warning(t('crud.selectOnlyOne'));
      return;
    }
    try {
      const found = await client.request<Balance>('GET', '/api/bl-wms/stock/detail', {
        query: { id: ids[0] },
      });
      form.setFieldsValue({
        qty: found.qty.replace(/\.?0+$/, ''),
        batchNo: found.batchNo,
        customerBatchNo: found.customerBatchNo,
        productDate: found.productDate ?? undefined,
        validityDate: found.validityDate ?? undefined,
      });
      setBalance(found);
    } catch (error) {
      reportError(error);
    }
  };

  const save = async (values: BindForm) => {
    if (!balance) return;
    setSaving(true);
    try {
      await client.request('POST', bindPath, {
        body: {
          id: balance.id,
          qty: values.qty,
          batchNo: values.batchNo ?? '',
          customerBatchNo: values.customerBatchNo ?? '',
          productDate: values.productDate || null,
          validityDate: values.validityDate || null,
        },
      });
      message.success(t('bindBatch.done'));
      setBalance(undefined);
      await queryClient.invalidateQueries({ queryKey: ['list', entity.name] });
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <CrudScreen
        entity={entity}
        catalogue={catalogue}
        toolbarExtra={(withSelection) =>
          allowed
            ? [
                <Button
                  key="bind"
                  type="primary"
                  icon={<TagsOutlined />}
                  onClick={withSelection((ids) => void open(ids))}
                  data-testid="toolbar-bindBatch"
                >
                  {t('buttons.bindBatch')}
                </Button>,
              ]
            : []
        }
      />
      <Modal
        open={!!balance}
        title={t('buttons.bindBatch')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setBalance(undefined)}
        destroyOnHidden
        data-testid="bind-batch-dialog"
      >
        {balance && (
          <Descriptions
            size="small"
            column={2}
            className="bl-bind-balance"
            items={[
              {
                key: 'owner',
                label: t('bindBatch.owner'),
                children: <CodeName entity="customer" value={balance.customerCode} />,
              },
              {
                key: 'material',
                label: t('bindBatch.material'),
                children: <CodeName entity="material" value={balance.materialCode} />,
              },
              {
                key: 'place',
                label: t('bindBatch.place'),
                children: <CodeName entity="warehouseplace" value={balance.warehousePlaceCode} />,
              },
              { key: 'held', label: t('bindBatch.held'), children: balance.qty.replace(/\.?0+$/, '') },
            ]}
          />
        )}
        <Form<BindForm> form={form} layout="vertical" name="bindBatch" onFinish={save} preserve={false}>
          <Form.Item
            name="qty"
            label={t('bindBatch.qty')}
            rules={[
              { required: true, message: t('bindBatch.qtyRequired') },
              { pattern: decimal, message: t('bindBatch.qtyFormat') },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="batchNo" label={t('bindBatch.batchNo')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="customerBatchNo" label={t('bindBatch.customerBatchNo')} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="productDate" label={t('bindBatch.productDate')}>
            <DateInput />
          </Form.Item>
          <Form.Item name="validityDate" label={t('bindBatch.validityDate')}>
            <DateInput />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
