import { entities } from '@bl/entities/registry';
import { describe, expect, it } from 'vitest';
import { bespokeRoutes, resolveSpecRoute, specRoutes } from './routes.ts';

/** The real catalogue's screens: entities that are not detail lines. */
const screens = new Set(entities.filter((entity) => !entity.parent).map((entity) => entity.name));
const hasScreen = (name: string) => screens.has(name);
const resolve = (path: string, search = '') => resolveSpecRoute(path, search, hasScreen);

describe('resolveSpecRoute', () => {
  it('opens a bill form route as the list with the add drawer', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm')).toEqual({
      entity: 'isinstockbill',
      mode: 'add',
    });
    expect(resolve('/warehousingManagement/orderIsinstockbillForm')?.entity).toBe('orderisinstockbill');
    expect(resolve('/outWarehouseManagement/osoutstockbillForm')?.entity).toBe('osoutstockbill');
    expect(resolve('/outWarehouseManagement/orderOsoutstockbillForm')?.entity).toBe('orderosoutstockbill');
    expect(resolve('/outWarehouseManagement/stocksortingbillForm')?.entity).toBe('stocksortingbill');
    expect(resolve('/loadHandle/loadbillForm')?.mode).toBe('add');
    expect(resolve('/secondaryProcessing/secproductiveFormAdd')).toEqual({
      entity: 'secproductive',
      mode: 'add',
    });
  });

  it('ignores an id on add and list routes', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm', '?id=42')).toEqual({
      entity: 'isinstockbill',
      mode: 'add',
    });
    expect(resolve('/reportManagement/stockDetailView', '?id=42')).toEqual({ entity: 'stock', mode: 'list' });
  });

  it('opens edit and view routes on the record of ?id=, else on the list', () => {
    expect(resolve('/warehousingManagement/isinstockbillFormEdit', '?id=42')).toEqual({
      entity: 'isinstockbill',
      mode: 'edit',
      id: '42',
    });
    expect(resolve('/otherBill/ladingbillFormView', '?id=7&tab=1')).toEqual({
      entity: 'ladingbill',
      mode: 'view',
      id: '7',
    });
    expect(resolve('/warehousingManagement/isinstockbillFormEdit')).toEqual({
      entity: 'isinstockbill',
      mode: 'list',
    });
    expect(resolve('/basicData/lgagreementView', '?id=')).toEqual({ entity: 'lgagreement', mode: 'list' });
    expect(resolve('/secondaryProcessing/secproductiveFormEditIn', '?id=3')?.mode).toBe('edit');
  });

  it('opens the report views on the read-only stock and stock-stream lists', () => {
    for (const view of [
      'stockByWarehouseAreaView',
      'stockByDetailsView',
      'stockDetailView',
      'stockByCustomerBatchNoView',
      'stockDetailViewShow',
    ])
      expect(resolve(`/reportManagement/${view}`)).toEqual({ entity: 'stock', mode: 'list' });
    expect(resolve('/reportManagement/stockStreamDetailView')).toEqual({
      entity: 'stockstream',
      mode: 'list',
    });
  });

  it('opens routes of a line entity on its header, and areas the entity is not in', () => {
    expect(resolve('/basicrecipientaddress/basicrecipientaddressView')).toEqual({
      entity: 'basicrecipient',
      mode: 'list',
    });
    // The conversion bills live under In-warehouse in the catalogue; the spec lists them under Other bills.
    expect(resolve('/otherBill/temporarypackagebill')).toEqual({
      entity: 'temporarypackagebill',
      mode: 'list',
    });
  });

  it('narrows consignment routes to their kind and presets it', () => {
    expect(resolve('/consignmentOrderbill/consignmentOrderbillAdd')).toEqual({
      entity: 'consignmentbill',
      mode: 'add',
      filter: { billType: '1' },
    });
    expect(resolve('/consignmentBill/consignmentBillView', '?id=9')).toEqual({
      entity: 'consignmentbill',
      mode: 'view',
      id: '9',
      filter: { billType: '2' },
    });
  });

  it('accepts the /index a leaf route gets and a trailing slash', () => {
    expect(resolve('/warehousingManagement/isinstockbillForm/index')?.entity).toBe('isinstockbill');
    expect(resolve('/warehousingManagement/isinstockbillForm/')?.entity).toBe('isinstockbill');
  });

  it('leaves bespoke screens, unknown paths and missing entities to the menu page', () => {
    for (const path of bespokeRoutes) expect(resolve(path), path).toBeUndefined();
    expect(resolve('/no/such/page')).toBeUndefined();
    expect(resolve('/toString')).toBeUndefined();
    expect(resolve('/constructor')).toBeUndefined();
    expect(resolveSpecRoute('/warehousingManagement/isinstockbillForm', '', () => false)).toBeUndefined();
  });

  it('names only entities of the catalogue that have a screen', () => {
    for (const [path, route] of Object.entries(specRoutes)) {
      expect(screens.has(route.entity), `${path} → ${route.entity}`).toBe(true);
      expect(bespokeRoutes).not.toContain(path);
    }
  });

  it('opens the loading screens of the dock for their routes, with or without a bill', () => {
    const has = () => true;
    expect(resolveSpecRoute('/loadHandle/loadbillFormShow', '', has)).toEqual({
      entity: 'loadbill',
      mode: 'view',
      screen: 'loadingTask',
    });
    expect(resolveSpecRoute('/loadHandle/loadbillTimeEdit', '?id=5', has)).toEqual({
      entity: 'loadbill',
      mode: 'edit',
      id: '5',
      screen: 'loadingTimes',
    });
  });
});
