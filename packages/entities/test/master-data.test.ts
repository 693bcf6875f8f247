import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DictCode, dicts } from '../src/dicts.ts';
import type { Label } from '../src/label.ts';
import { entities, entityByName } from '../src/registry.ts';

const languages = ['zh', 'mo', 'en'] as const;

/** The languages in which a label is missing or blank. */
const blankIn = (l: Label | undefined) => languages.filter((lang) => !l?.[lang]?.trim());

/** The master data of spec 02 §3.4, plus the warehouse its areas belong to. */
const masterData = [
  'material',
  'unit',
  'unitfloat',
  'category',
  'customer',
  'supplier',
  'factory',
  'company',
  'employee',
  'employeecost',
  'materialgroup',
  'costtype',
  'sysenum',
  'tagmodel',
  'pdainfo',
  'porter',
  'streamqtystatus',
  'packspec',
  'warehouse',
  'warehousearea',
  'warehouseplace',
  'strategy',
  'customstrategy',
  'billtype',
  'billingrules',
  'lgagreement',
  'agreementdistribution',
  'finishpackagerelation',
];

describe('the entity registry', () => {
  it('has unique entity names, table names starting with bl_ (SpringBlade names for users, roles, menus, tenants and tenant packages), and unique API paths', () => {
    const names = entities.map((e) => e.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(entityByName.size).toBe(entities.length);
    for (const entity of entities) {
      const springBlade = ['user', 'role', 'menu', 'tenant', 'tenantpackage'].includes(entity.name);
      expect(entity.tableName, entity.name).toMatch(springBlade ? /^blade_/ : /^bl_/);
      expect(getTableName(entity.table)).toBe(entity.tableName);
    }
    const tables = entities.map((e) => e.tableName);
    expect(tables.filter((t, i) => tables.indexOf(t) !== i)).toEqual([]);
    const paths = entities.map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('holds every master-data entity of spec 02 §3.4', () => {
    expect(masterData.filter((name) => !entityByName.has(name))).toEqual([]);
  });

  it('labels every entity and every field in zh, mo and en', () => {
    const missing: string[] = [];
    for (const entity of entities) {
      for (const lang of blankIn(entity.label)) missing.push(`${entity.name} (${lang})`);
      for (const field of entity.fields)
        for (const lang of blankIn(field.label)) missing.push(`${entity.name}.${field.name} (${lang})`);
    }
    expect(missing).toEqual([]);
  });

  it('has one field per column and a title field that exists', () => {
    for (const entity of entities) {
      const columns = Object.keys(getTableColumns(entity.table)).sort();
      expect(entity.fields.map((f) => f.name).sort(), entity.name).toEqual(columns);
      expect(columns, `${entity.name} title`).toContain(entity.titleField);
      expect(columns, `${entity.name} sort`).toContain(entity.defaultSort.field);
    }
  });

  it('names only dictionaries that exist, each labelled in three languages', () => {
    const problems: string[] = [];
    for (const entity of entities) {
      // A system flag (role.isAdministrator) is set by the server, never shown, typed or exported:
      // a boolean column with no dictionary.
      for (const field of entity.fields.filter((f) => !(f.system && f.kind === 'flag'))) {
        if (field.kind === 'dict' || field.kind === 'flag') {
          if (!field.dict) problems.push(`${entity.name}.${field.name}: no dictionary`);
          else if (!(field.dict in dicts))
            problems.push(`${entity.name}.${field.name}: ${field.dict} is unknown`);
        } else if (field.dict) problems.push(`${entity.name}.${field.name}: a dictionary on a ${field.kind}`);
      }
    }
    expect(problems).toEqual([]);
    for (const [code, dict] of Object.entries(dicts)) {
      expect(dict.code).toBe(code);
      expect(blankIn(dict.label), code).toEqual([]);
      expect(dict.values.length, code).toBeGreaterThan(0);
      const values = dict.values.map((v) => v.value);
      expect(new Set(values).size, `${code} repeats a value`).toBe(values.length);
      for (const value of dict.values) expect(blankIn(value.label), `${code}=${value.value}`).toEqual([]);
    }
  });

  it('gives dictionary fields a default that is one of their values', () => {
    for (const entity of entities)
      for (const field of entity.fields) {
        if (!field.dict || field.defaultValue === undefined) continue;
        const values = dicts[field.dict as DictCode].values.map((v) => v.value);
        expect(values, `${entity.name}.${field.name}`).toContain(String(field.defaultValue));
      }
  });

  it('refers only to entities in the registry, by fields they have', () => {
    const problems: string[] = [];
    for (const entity of entities) {
      for (const field of entity.fields) {
        if ((field.kind === 'ref') !== (field.ref !== undefined))
          problems.push(
            `${entity.name}.${field.name}: kind ${field.kind} with ref ${JSON.stringify(field.ref)}`,
          );
        if (!field.ref) continue;
        const target = entityByName.get(field.ref.entity);
        if (!target) {
          problems.push(`${entity.name}.${field.name}: no entity ${field.ref.entity}`);
          continue;
        }
        const names = new Set(target.fields.map((f) => f.name));
        for (const key of ['valueField', 'labelField'] as const)
          if (!names.has(field.ref[key]))
            problems.push(`${entity.name}.${field.name}: ${target.name} has no ${field.ref[key]}`);
        const valueField = target.fields.find((f) => f.name === field.ref?.valueField);
        // The value a reference keeps must fit the referring column.
        if (valueField?.maxLength !== undefined && field.maxLength !== undefined)
          expect(field.maxLength, `${entity.name}.${field.name}`).toBeGreaterThanOrEqual(
            valueField.maxLength,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps every text limit within its column', () => {
    for (const entity of entities) {
      const columns = getTableColumns(entity.table) as Record<string, { getSQLType(): string }>;
      for (const field of entity.fields) {
        const type = columns[field.name]?.getSQLType() ?? '';
        const length = /^varchar\((\d+)\)$/.exec(type)?.[1];
        if (!length || field.maxLength === undefined) continue;
        // A reference is checked against its target first, so the target's limit counts too.
        const target = field.ref
          ? entityByName.get(field.ref.entity)?.fields.find((f) => f.name === field.ref?.valueField)
          : undefined;
        const limit = Math.min(field.maxLength, target?.maxLength ?? field.maxLength);
        expect(limit, `${entity.name}.${field.name} (${type})`).toBeLessThanOrEqual(Number(length));
      }
    }
  });

  it('keeps decimals exact: numeric columns, with the scale of the column', () => {
    for (const entity of entities) {
      const columns = getTableColumns(entity.table) as Record<string, { getSQLType(): string }>;
      for (const field of entity.fields) {
        const type = columns[field.name]?.getSQLType() ?? '';
        expect(type, `${entity.name}.${field.name}`).not.toMatch(/real|double|float/);
        if (field.kind !== 'decimal' && field.kind !== 'money') continue;
        const scale = /^numeric\(\d+, ?(\d+)\)$/.exec(type)?.[1];
        expect(scale, `${entity.name}.${field.name} is ${type}`).toBeDefined();
        expect(field.scale, `${entity.name}.${field.name}`).toBe(Number(scale));
      }
    }
  });

  it('keeps flags in one-character columns', () => {
    for (const entity of entities) {
      const columns = getTableColumns(entity.table) as Record<string, { getSQLType(): string }>;
      for (const field of entity.fields.filter((f) => f.kind === 'flag' && !f.system))
        expect(columns[field.name]?.getSQLType(), `${entity.name}.${field.name}`).toBe('varchar(1)');
    }
  });

  it('marks master-data business codes required and unique', () => {
    for (const name of masterData) {
      const key = name === 'lgagreement' ? 'agreementCode' : 'code';
      const code = entityByName.get(name)?.fields.find((f) => f.name === key);
      // sysenum codes are unique per enumeration type only, which the engine cannot check.
      if (!code || name === 'sysenum') continue;
      expect(code.unique, `${name}.${code.name}`).toBe(true);
      expect(code.required, `${name}.${code.name}`).toBe(true);
    }
  });

  it('shows about ten list columns on the master-data screens added after material and unit', () => {
    const added = masterData.filter((name) => !['material', 'unit', 'unitfloat'].includes(name));
    for (const name of added) {
      const shown = entityByName.get(name)?.fields.filter((f) => f.list).length ?? 0;
      expect(shown, name).toBeGreaterThanOrEqual(3);
      expect(shown, name).toBeLessThanOrEqual(12);
    }
  });
});
