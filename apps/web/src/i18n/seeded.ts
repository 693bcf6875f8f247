import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the server seeds in Chinese (seed/seed.ts, modules/system/tenants.ts, the billing
 * module's cost types): the administrator role, the demo administrators and tenants, the fee
 * engine's cost types. They are data, stored once, so a reader of another language sees them
 * through this table, in lists, references, views and prints (crud/cells.tsx); a name the
 * tenant chose itself, or renamed, stays as written (issue 29, 15).
 */
type SeededKey =
  | 'administratorRole'
  | 'administrator'
  | 'demoAdministrator'
  | 'operatorTenant'
  | 'demoTenant'
  | 'costStorage'
  | 'costUnload'
  | 'costLoad'
  | 'costHandling'
  | 'costService'
  | 'costRent'
  | 'costPackageWarehouse'
  | 'costLading'
  | 'costFreight';
const seededKeys: Readonly<Record<string, SeededKey>> = {
  超级管理员: 'administratorRole',
  管理员: 'administrator',
  演示管理员: 'demoAdministrator',
  管理组: 'operatorTenant',
  演示仓储: 'demoTenant',
  仓储费: 'costStorage',
  卸货费: 'costUnload',
  装货费: 'costLoad',
  搬运费: 'costHandling',
  增值服务费: 'costService',
  租仓费: 'costRent',
  包仓费: 'costPackageWarehouse',
  提单计提费: 'costLading',
  运费: 'costFreight',
};

/** Whether a stored name is one the server seeded (and so reads in the reader's language). */
export const isSeededName = (name: string): boolean => Object.hasOwn(seededKeys, name);

/** A seeded name in the reader's language; any other name as it is. */
export function useSeededName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (name: string) => {
      const key = seededKeys[name];
      return key ? t(`seeded.${key}`) : name;
    },
    [t],
  );
}
