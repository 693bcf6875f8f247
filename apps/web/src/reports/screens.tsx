import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import type { CatalogueIndex } from '../crud/catalogue.ts';
import { MenuPage } from '../pages/MenuPage.tsx';
import { normalizePath } from '../shell/menu.ts';
import { BinBoard } from './BinBoard.tsx';
import { ReportScreen } from './ReportScreen.tsx';
import { boardRoute, detailShowRoute, reportRoutes, reportSpecs } from './reports.ts';
import { StockDetailShow } from './StockDetailShow.tsx';

/** The tabular report of the current route. */
function ReportAtRoute(props: { catalogue: CatalogueIndex }) {
  const path = normalizePath(useLocation().pathname);
  const code = Object.hasOwn(reportRoutes, path) ? reportRoutes[path] : undefined;
  const spec = code ? reportSpecs[code] : undefined;
  return spec ? <ReportScreen spec={spec} catalogue={props.catalogue} /> : <MenuPage />;
}

/** The screen of each stock-report route (spec 01 §2 /reportManagement). */
export const reportScreens: Record<string, ComponentType<{ catalogue: CatalogueIndex }>> = {
  ...Object.fromEntries(Object.keys(reportRoutes).map((path) => [path, ReportAtRoute])),
  [boardRoute]: BinBoard,
  [detailShowRoute]: StockDetailShow,
};
