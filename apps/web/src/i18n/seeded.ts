import { useTranslation } from 'react-i18next';

/**
 * Names the server seeds in Chinese (seed/seed.ts, modules/system/tenants.ts): the
 * administrator role, the demo administrators and tenants. They are data, stored once, so a
 * reader of another language sees them through this table; a name the tenant chose itself
 * stays as written.
 */
type SeededKey =
  | 'administratorRole'
  | 'administrator'
  | 'demoAdministrator'
  | 'operatorTenant'
  | 'demoTenant';
const seededKeys: Readonly<Record<string, SeededKey>> = {
  超级管理员: 'administratorRole',
  管理员: 'administrator',
  演示管理员: 'demoAdministrator',
  管理组: 'operatorTenant',
  演示仓储: 'demoTenant',
};

/** A seeded name in the reader's language; any other name as it is. */
export function useSeededName(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => {
    const key = seededKeys[name];
    return key ? t(`seeded.${key}`) : name;
  };
}
