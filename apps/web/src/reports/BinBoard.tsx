import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Form, Row as GridRow, Popover, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { CodeName } from '../crud/cells.tsx';
import { ChoiceSelect, RefSelect } from '../crud/inputs.tsx';
import { formatDecimal, formatMeasured } from '../crud/values.ts';
import { currentLanguage } from '../i18n/index.ts';
import { useKeptState } from '../shell/keptState.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { useMenuLabel } from '../shell/useMenuLabel.ts';
import { areaField } from './ReportScreen.tsx';
import { occupancyBand } from './reports.ts';

interface BoardLine {
  id: string;
  customerCode: string;
  materialCode: string;
  batchNo: string;
  stockStatus: string;
  qty: string;
  volume: string;
}
interface BoardPlace {
  code: string;
  name: string;
  rowNo: number | null;
  columnNo: number | null;
  layerNo: number | null;
  qty: string;
  volume: string;
  board: string;
  capacityBasis: 'volume' | 'board' | 'qty' | 'none';
  occupancy: string;
  owners: string[];
  statuses: string[];
  lines: BoardLine[];
}
interface Board {
  area: { code: string; name: string };
  places: BoardPlace[];
}

type ColourBy = 'occupancy' | 'owner' | 'status';

/** Owners take colours in the order they appear on the board. */
const ownerPalette = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb'];
const statusColours: Record<string, string> = { '1': '#52c41a', '2': '#faad14', '3': '#1677ff' };
const mixed = '#8c8c8c';
const empty = '#f5f5f5';

/** Where a location sits on the grid: its row and column, else after the addressed ones. */
function gridOf(places: BoardPlace[]) {
  const addressed = places.filter((p) => p.rowNo !== null && p.columnNo !== null);
  const columns =
    addressed.length > 0
      ? Math.max(1, ...addressed.map((p) => p.columnNo ?? 0))
      : Math.min(10, places.length);
  const rows = Math.max(0, ...addressed.map((p) => p.rowNo ?? 0));
  let next = 0;
  return {
    columns,
    cells: places.map((place) => {
      if (place.rowNo !== null && place.columnNo !== null)
        return { place, row: place.rowNo, column: place.columnNo };
      const position = next++;
      return { place, row: rows + 1 + Math.floor(position / columns), column: 1 + (position % columns) };
    }),
  };
}

/**
 * The bin board (spec 01 §2 /reportManagement/stockpageshow2): the locations of a chosen
 * storage area as a grid by row and column, each cell coloured by occupancy (used volume over
 * the location's volume; pallets or quantity where it has none), by owner or by stock status,
 * with a legend; pointing at a cell shows what it holds. A plain CSS grid (ADR 0008, Reports).
 */
export function BinBoard(props: { catalogue: CatalogueIndex }) {
  const { catalogue } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const menuLabel = useMenuLabel();
  const title = menuLabel({ code: 'stockpageshow2', name: t('menu.stockpageshow2') });
  useDocumentTitle(title);
  // The chosen area outlives the page's mount while the bin board has a tab (issue 14, 1).
  const [areaCode, setAreaCode] = useKeptState<string | undefined>('bin-board-area', undefined);
  const [owner, setOwner] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [colourBy, setColourBy] = useState<ColourBy>('occupancy');
  const stock = catalogue.entity('stock');
  const ownerField = stock?.fields.find((f) => f.name === 'customerCode');
  const statusField = stock?.fields.find((f) => f.name === 'stockStatus');
  const statusDict = catalogue.dict('stockStatus');
  const statusLabel = (code: string) =>
    statusDict?.values.find((v) => v.value === code)?.label[language] ?? code;

  const query: Record<string, string> = {
    warehouseAreaCode: areaCode ?? '',
    ...(owner && { customerCode_equal: owner }),
    ...(status && { stockStatus_equal: status }),
  };
  const board = useQuery({
    queryKey: ['report', 'board', query],
    queryFn: () => client.request<Board>('GET', '/api/bl-wms/report/stockpageshow2/board', { query }),
    enabled: !!areaCode,
    staleTime: 0,
  });
  const places = board.data?.places ?? [];
  const owners = [...new Set(places.flatMap((p) => p.owners))].sort();
  const ownerColour = (code: string) => ownerPalette[owners.indexOf(code) % ownerPalette.length] as string;

  const colourOf = (place: BoardPlace): string | undefined => {
    if (Number(place.qty) === 0) return empty;
    if (colourBy === 'owner')
      return place.owners.length === 1 ? ownerColour(place.owners[0] as string) : mixed;
    if (colourBy === 'status')
      return place.statuses.length === 1 ? (statusColours[place.statuses[0] as string] ?? mixed) : mixed;
    return undefined; // occupancy bands are classes
  };

  const legend =
    colourBy === 'occupancy'
      ? ([0, 1, 2, 3, 4, 5, 6] as const).map((band) => ({
          key: `band-${band}`,
          className: `bl-bin-band-${band}`,
          colour: undefined as string | undefined,
          label: t(`reports.board.band${band}`),
        }))
      : colourBy === 'owner'
        ? [
            ...owners.map((code) => ({ key: code, className: '', colour: ownerColour(code), label: code })),
            { key: 'mixed', className: '', colour: mixed, label: t('reports.board.mixedOwners') },
            { key: 'empty', className: '', colour: empty, label: t('reports.board.band0') },
          ]
        : [
            ...Object.entries(statusColours).map(([code, colour]) => ({
              key: code,
              className: '',
              colour,
              label: statusLabel(code),
            })),
            { key: 'mixed', className: '', colour: mixed, label: t('reports.board.mixedStatuses') },
            { key: 'empty', className: '', colour: empty, label: t('reports.board.band0') },
          ];

  const details = (place: BoardPlace) => (
    <div className="bl-bin-details" data-testid="bin-details">
      <Typography.Text strong>
        {place.code} {place.name !== place.code ? place.name : ''}
      </Typography.Text>
      <div>
        {t('reports.board.occupancy')}:{' '}
        {place.capacityBasis === 'none' || place.capacityBasis === 'qty'
          ? t('reports.board.noLimit')
          : `${formatDecimal(String(Number(place.occupancy) * 100), 1)}% (${t(`reports.board.basis.${place.capacityBasis}`)})`}
      </div>
      {place.lines.length === 0 ? (
        <div>{t('reports.board.band0')}</div>
      ) : (
        <table className="bl-bin-lines">
          <thead>
            <tr>
              <th>{ownerField?.label[language]}</th>
              <th>{t('reports.board.material')}</th>
              <th>{t('reports.board.batch')}</th>
              <th>{statusField?.label[language]}</th>
              <th>{t('reports.board.qty')}</th>
            </tr>
          </thead>
          <tbody>
            {place.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <CodeName entity="customer" value={line.customerCode} />
                </td>
                <td>
                  <CodeName entity="material" value={line.materialCode} />
                </td>
                <td>{line.batchNo}</td>
                <td>{statusLabel(line.stockStatus)}</td>
                <td className="bl-number">{formatMeasured(line.qty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );

  const grid = gridOf(places);
  return (
    <div className="bl-page bl-report bl-bin-board" data-testid="report-stockpageshow2">
      <Card className="bl-report-filters" size="small">
        <Form layout="vertical">
          <GridRow gutter={16}>
            <Col xs={24} sm={12} md={8} xl={6}>
              <Form.Item label={t('reports.columns.warehouseAreaCode')} required className="bl-filter-area">
                <RefSelect
                  field={areaField(t('reports.columns.warehouseAreaCode'))}
                  catalogue={catalogue}
                  value={areaCode}
                  onChange={setAreaCode}
                  placeholder={t('reports.board.chooseArea')}
                />
              </Form.Item>
            </Col>
            {ownerField && (
              <Col xs={24} sm={12} md={8} xl={6}>
                <Form.Item label={ownerField.label[language]} className="bl-filter-owner">
                  <RefSelect
                    field={ownerField}
                    catalogue={catalogue}
                    value={owner}
                    onChange={setOwner}
                    placeholder={t('crud.selectPlaceholder', { field: ownerField.label[language] })}
                  />
                </Form.Item>
              </Col>
            )}
            {statusField && (
              <Col xs={24} sm={12} md={8} xl={6}>
                <Form.Item label={statusField.label[language]} className="bl-filter-status">
                  <ChoiceSelect
                    field={statusField}
                    catalogue={catalogue}
                    value={status}
                    onChange={setStatus}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12} md={8} xl={6}>
              <Form.Item label={t('reports.board.colourBy')}>
                <Segmented<ColourBy>
                  value={colourBy}
                  onChange={setColourBy}
                  data-testid="board-colour-by"
                  options={[
                    { value: 'occupancy', label: t('reports.board.occupancy') },
                    { value: 'owner', label: ownerField?.label[language] ?? 'owner' },
                    { value: 'status', label: statusField?.label[language] ?? 'status' },
                  ]}
                />
              </Form.Item>
            </Col>
          </GridRow>
        </Form>
      </Card>
      <Card
        title={board.data ? `${title} · ${board.data.area.code} ${board.data.area.name}` : title}
        className="bl-report-table"
      >
        {!areaCode ? (
          <Empty description={t('reports.board.chooseArea')} />
        ) : board.isPending ? (
          <Spin>
            <div className="bl-spin-space" />
          </Spin>
        ) : places.length === 0 ? (
          <Empty description={t('reports.board.noPlaces')} />
        ) : (
          <>
            <Space wrap className="bl-bin-legend" data-testid="board-legend">
              {legend.map((item) => (
                <span key={item.key} className="bl-bin-legend-item">
                  <span
                    className={`bl-bin-swatch ${item.className}`}
                    style={item.colour ? { background: item.colour } : undefined}
                  />
                  {item.label}
                </span>
              ))}
            </Space>
            <div
              className="bl-bin-grid"
              style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(96px, 1fr))` }}
              data-testid="board-grid"
            >
              {grid.cells.map(({ place, row, column }) => {
                const colour = colourOf(place);
                const band = occupancyBand(place.occupancy, place.qty, place.capacityBasis);
                return (
                  <Popover key={place.code} content={details(place)} trigger={['hover', 'click']}>
                    <button
                      type="button"
                      className={`bl-bin-cell ${colour ? '' : `bl-bin-band-${band}`}`}
                      style={{ gridRow: row, gridColumn: column, ...(colour && { background: colour }) }}
                      data-testid={`bin-${place.code}`}
                      data-band={band}
                    >
                      <span className="bl-bin-code">{place.code}</span>
                      <span className="bl-bin-qty">
                        {Number(place.qty) === 0 ? '' : formatMeasured(place.qty)}
                      </span>
                      <span className="bl-bin-owners">{place.owners.join(' ')}</span>
                    </button>
                  </Popover>
                );
              })}
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
