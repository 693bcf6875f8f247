/** Shapes of the device monitoring calls (apps/server/src/modules/devices/routes.ts). */

export interface DeviceCommandState {
  switchName: 'beep' | 'led';
  switchValue: '0' | '1';
  state: 'pending' | 'done' | 'timeout';
  createTime: string;
  timeoutTime: string;
}

export interface BoardDevice {
  id: string;
  deviceCode: string;
  deviceName: string;
  warehouseCode: string | null;
  warehouseAreaCode: string | null;
  temperature: string | null;
  humidity: string | null;
  beepState: string;
  ledState: string;
  lastReportTime: string | null;
  reportInterval: number;
  secretTime: string | null;
  online: boolean;
  alarm: {
    id: string;
    measure: 'temperature' | 'humidity';
    direction: 'low' | 'high';
    peakValue: string;
    limitValue: string;
    raisedTime: string;
    acknowledged: boolean;
  } | null;
  commands: DeviceCommandState[] | null;
}

export interface HistoryPoint {
  t: string;
  temperature: string;
  humidity: string | null;
  temperatureMin?: string;
  temperatureMax?: string;
  readings?: number;
}

export interface DeviceHistory {
  resolution: 'raw' | 'hour' | 'day';
  points: HistoryPoint[];
  limits: {
    minTemperature: string | null;
    maxTemperature: string | null;
    minHumidity: string | null;
    maxHumidity: string | null;
  } | null;
  alarms: {
    id: string;
    measure: string;
    direction: string;
    peakValue: string;
    raisedTime: string;
    clearedTime: string | null;
  }[];
}

export interface DeviceAlarm {
  id: string;
  deviceCode: string;
  deviceName: string | null;
  measure: 'temperature' | 'humidity';
  direction: 'low' | 'high';
  limitValue: string;
  peakValue: string;
  state: 'active' | 'cleared';
  outSince: string;
  raisedTime: string;
  clearedTime: string | null;
  durationSeconds: number;
  ackTime: string | null;
  ackUserName: string | null;
  ackComment: string | null;
  /** Notifications sent so far (1 when raised; more while it stays unacknowledged). */
  notifyCount: number;
}

export interface AlarmSummary {
  active: number;
  unacknowledged: number;
}

export interface DeviceSecret {
  tenantId: string;
  deviceCode: string;
  secret: string;
  httpPath: string;
  /** The device's MQTT user name and client id (`{tenantId}/{deviceCode}`); its password is the secret. */
  mqttUsername: string;
  topics: Record<'telemetry' | 'state' | 'cmd' | 'ack', string>;
}
