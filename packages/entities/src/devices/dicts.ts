import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const devicesDicts = {
  /** The buzzer (beepState) and the indicator light (ledState) of a sensor. */
  deviceSwitch: dict('deviceSwitch', label('开关状态', '開關狀態', 'On / off'), [
    ['0', label('关', '關', 'Off')],
    ['1', label('开', '開', 'On')],
  ]),
  deviceOnline: dict('deviceOnline', label('在线状态', '在線狀態', 'Connection'), [
    ['0', label('离线', '離線', 'Offline')],
    ['1', label('在线', '在線', 'Online')],
  ]),
} satisfies Record<string, Dict>;
