import type { Schedule } from '../../engine/module.ts';
import { everyMinutesCron } from '../../jobs/cron.ts';
import type { AppModule } from '../shared.ts';
import { alarmNotifier } from './alarms.ts';
import { feedLimiter } from './limits.ts';
import { startDeviceMqtt } from './mqtt.ts';
import { registerDeviceRoutes } from './routes.ts';
import { maintainPartitions, renotifyAlarms, sweepDevices } from './upkeep.ts';

/** Device monitoring: the HTTP and MQTT feeds, alarms, commands and their upkeep (ADR 0026). */
export const devicesModule: AppModule = {
  name: 'devices',
  seed: {
    // The board of sensors and the alarm list come before the catalogue's device, reading and
    // setting lists (issue 19). Their calls check the deviceinfo buttons.
    menus: [
      { code: 'deviceBoard', name: '设备看板', path: '/device/board', area: 'device', sort: 10 },
      { code: 'deviceAlarm', name: '设备报警', path: '/device/alarms', area: 'device', sort: 11 },
    ],
  },
  async plug({ database, config, log, attempts }) {
    const notify = alarmNotifier(config, log);
    // Failed device sign-ins and signatures count on the sign-in counters, under keys of their own.
    const limiter = feedLimiter(config, attempts);
    // The MQTT feed, when a broker is configured (or embedded): it runs for the app's life.
    const mqtt = await startDeviceMqtt({ config, database, log, notify, limiter });
    const sweepCron = everyMinutesCron(config.deviceSweepMinutes);
    const schedules: Record<string, Schedule> = sweepCron
      ? {
          'bl-devices-sweep': { cron: sweepCron, run: async () => void (await sweepDevices(database)) },
          // Daily: partitions ahead, old ones dropped by READING_RETENTION_MONTHS (ADR 0026).
          'bl-devices-partitions': {
            cron: '17 3 * * *',
            run: async () => void (await maintainPartitions(database, config.readingRetentionMonths)),
          },
          // Every minute: active alarms nobody acknowledged are notified again at their interval.
          'bl-devices-renotify': {
            cron: '* * * * *',
            run: async () => await notify(await renotifyAlarms(database)),
          },
        }
      : {};
    return {
      schedules,
      routes: (app) => registerDeviceRoutes(app, database, { config, notify, mqtt: () => mqtt, limiter }),
      stop: async () => await mqtt?.stop(),
    };
  },
};
