import { describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../storage/object-store.ts';
import {
  endpointUrl,
  mediaTypeOf,
  regionOf,
  type StorageSetting,
  StoreSettingError,
  s3StoreOf,
  storeOf,
} from './stores.ts';

/** The outbound guard's default: public addresses only (these tests make no connection). */
const outbound = { allowPrivate: false, allowedHosts: [] };

const setting = (changes: Partial<StorageSetting>): StorageSetting => ({
  ossCode: 'x',
  category: '1',
  endpoint: 'http://minio:9000',
  bucketName: 'warehouse',
  accessKey: 'ak',
  secretKey: 'sk',
  region: null,
  appId: null,
  ...changes,
});
const key = '000000/20260102/123.txt';

describe('stores of storage settings', () => {
  it('addresses MinIO path-style, under any path prefix of its endpoint', () => {
    expect(s3StoreOf(setting({}), 1000, outbound).urlOf(key).href).toBe(`http://minio:9000/warehouse/${key}`);
    expect(
      s3StoreOf(setting({ endpoint: 'https://files.example.com/s3/' }), 1000, outbound).urlOf(key).href,
    ).toBe(`https://files.example.com/s3/warehouse/${key}`);
  });

  it('addresses the clouds virtual-host style, with their signing region', () => {
    const aliyun = setting({ category: '3', endpoint: 'oss-cn-hangzhou.aliyuncs.com', bucketName: 'wms' });
    expect(s3StoreOf(aliyun, 1000, outbound).urlOf(key).href).toBe(
      `https://wms.oss-cn-hangzhou.aliyuncs.com/${key}`,
    );
    expect(regionOf(aliyun, 's3.oss-cn-hangzhou.aliyuncs.com')).toBe('cn-hangzhou');
    expect(regionOf(aliyun, 'oss-cn-shanghai-internal.aliyuncs.com')).toBe('cn-shanghai');
    expect(regionOf({ ...aliyun, region: 'oss-cn-beijing' }, 'x')).toBe('cn-beijing');

    // A COS bucket carries the APPID; one written without it gets the record's.
    const cos = setting({
      category: '4',
      endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
      bucketName: 'wms',
      appId: '1250000000',
    });
    expect(s3StoreOf(cos, 1000, outbound).urlOf(key).host).toBe(
      'wms-1250000000.cos.ap-guangzhou.myqcloud.com',
    );
    expect(s3StoreOf({ ...cos, bucketName: 'wms-1250000000' }, 1000, outbound).urlOf(key).host).toBe(
      'wms-1250000000.cos.ap-guangzhou.myqcloud.com',
    );
    expect(regionOf(cos, 'cos.ap-guangzhou.myqcloud.com')).toBe('ap-guangzhou');

    const qiniu = setting({ category: '2', endpoint: 's3.cn-east-1.qiniucs.com', bucketName: 'wms' });
    expect(s3StoreOf(qiniu, 1000, outbound).urlOf(key).href).toBe(
      `https://wms.s3.cn-east-1.qiniucs.com/${key}`,
    );
    expect(regionOf(qiniu, 's3.cn-east-1.qiniucs.com')).toBe('cn-east-1');
    // An endpoint already naming the bucket is not prefixed twice.
    expect(
      s3StoreOf({ ...qiniu, endpoint: 'https://wms.s3.cn-east-1.qiniucs.com' }, 1000, outbound).urlOf(key)
        .host,
    ).toBe('wms.s3.cn-east-1.qiniucs.com');

    expect(regionOf(setting({}), 'minio')).toBe('us-east-1');
    expect(regionOf(setting({ region: 'eu-west-3' }), 'minio')).toBe('eu-west-3');
  });

  it('refuses settings that name no store, saying what is wrong', () => {
    expect(() => s3StoreOf(setting({ secretKey: ' ', bucketName: '' }), 1000, outbound)).toThrow(
      expect.objectContaining({ problem: 'incomplete', fields: ['secretKey', 'bucketName'] }),
    );
    for (const endpoint of ['ftp://minio', 'http://', 'http://minio:9000/?x=1'])
      expect(() => endpointUrl(endpoint), endpoint).toThrow(StoreSettingError);
    expect(endpointUrl('minio.internal:9000').href).toBe('https://minio.internal:9000/');
    const local = new LocalDiskStore('/tmp/none');
    expect(storeOf(setting({ category: '5' }), local, 1000, outbound)).toBe(local);
    expect(storeOf(setting({ category: '9' }), local, 1000, outbound)).toBeUndefined();
  });

  it('keeps a media type with each object', () => {
    expect(mediaTypeOf('pdf')).toBe('application/pdf');
    expect(mediaTypeOf('xyz')).toBe('application/octet-stream');
  });
});
