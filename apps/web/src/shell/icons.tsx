import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExportOutlined,
  FileTextOutlined,
  HomeOutlined,
  ImportOutlined,
  NodeIndexOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons a menu's `source` may name; an explicit set keeps the bundle small. */
const icons: Record<string, () => ReactNode> = {
  AccountBookOutlined: () => <AccountBookOutlined />,
  ApartmentOutlined: () => <ApartmentOutlined />,
  AppstoreOutlined: () => <AppstoreOutlined />,
  BarChartOutlined: () => <BarChartOutlined />,
  CarOutlined: () => <CarOutlined />,
  CodeOutlined: () => <CodeOutlined />,
  DashboardOutlined: () => <DashboardOutlined />,
  DatabaseOutlined: () => <DatabaseOutlined />,
  ExportOutlined: () => <ExportOutlined />,
  FileTextOutlined: () => <FileTextOutlined />,
  HomeOutlined: () => <HomeOutlined />,
  ImportOutlined: () => <ImportOutlined />,
  NodeIndexOutlined: () => <NodeIndexOutlined />,
  SettingOutlined: () => <SettingOutlined />,
  ToolOutlined: () => <ToolOutlined />,
};

/** The icon a menu item names, or `fallback` when the name is unknown or empty. */
export function menuIcon(source: string | undefined, fallback?: ReactNode): ReactNode {
  const make = source ? icons[source] : undefined;
  return make ? make() : fallback;
}
