import BpmnModdle from 'bpmn-moddle';
import { checkExpression } from './expression.ts';

/**
 * What the server reads from a deployed BPMN model, once, at deployment (kept as the
 * definition's `meta`): the process key and name, who may start it, and per element the
 * attributes Flowable's designer writes (`flowable:assignee`, `candidateUsers`,
 * `candidateGroups`, `formKey`, `dueDate`, a service task's `expression` / `delegateExpression`
 * / `class`). The same attributes under `activiti:` or `camunda:` are read alike, so models made
 * in those designers deploy too. Execution itself is bpmn-engine's (engine.ts).
 */
export interface TaskMeta {
  name: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  dueDate?: string;
}

export interface ModelMeta {
  key: string;
  name: string;
  /** `flowable:candidateStarterUsers` / `candidateStarterGroups` on the process: who may start it. */
  starterUsers?: string;
  starterGroups?: string;
  /** The start event's form. */
  startFormKey?: string;
  tasks: Record<string, TaskMeta>;
  /** Service tasks: element id → the product action they call. */
  services: Record<string, { name: string; action: string; params?: Record<string, string> }>;
  /** Every flow node: id → name and BPMN type (for history and the diagram). */
  elements: Record<string, { name: string; type: string }>;
}

const prefixes = new Set(['flowable', 'activiti', 'camunda']);

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  eventDefinitions?: ModdleElement[];
  conditionExpression?: { body?: string };
  isExecutable?: boolean;
  [key: string]: unknown;
}

/** `flowable:assignee` (or activiti:/camunda:) on an element. */
function attr(element: ModdleElement, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.$attrs ?? {})) {
    const [prefix, local] = key.split(':');
    if (local === name && prefix && prefixes.has(prefix)) return value;
  }
  return undefined;
}

/** The name a service task calls: `${stock.review}`, `stock.review`, or a class's last part. */
function serviceName(element: ModdleElement): string | undefined {
  const raw = attr(element, 'expression') ?? attr(element, 'delegateExpression') ?? attr(element, 'class');
  if (!raw) return undefined;
  const inner = /^\s*[$#]\{\s*([\w.:-]+)\s*\}\s*$/.exec(raw)?.[1] ?? raw.trim();
  return inner;
}

export class ModelError extends Error {}

/** Reads and checks a model; throws a `ModelError` naming what is wrong. */
export async function readModel(xml: string): Promise<ModelMeta> {
  const moddle = new BpmnModdle();
  let root: ModdleElement;
  try {
    const parsed = (await moddle.fromXML(xml)) as {
      rootElement: ModdleElement;
      warnings: { message: string }[];
    };
    root = parsed.rootElement;
    const unresolved = parsed.warnings.find((w) => /unresolved reference/.test(w.message));
    if (unresolved) throw new ModelError(unresolved.message);
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(error instanceof Error ? (error.message.split('\n')[0] ?? 'XML') : 'XML');
  }
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const process = processes.find((p) => p.isExecutable !== false) ?? processes[0];
  if (!process?.id) throw new ModelError('no process');
  if (processes.length > 1) throw new ModelError('one process per model');
  if (!/^[A-Za-z_][\w.-]{0,63}$/.test(process.id)) throw new ModelError(`process id ${process.id}`);
  const meta: ModelMeta = {
    key: process.id,
    name: (process.name ?? process.id).slice(0, 255),
    starterUsers: attr(process, 'candidateStarterUsers'),
    starterGroups: attr(process, 'candidateStarterGroups'),
    tasks: {},
    services: {},
    elements: {},
  };
  const visit = (container: ModdleElement) => {
    for (const element of container.flowElements ?? []) {
      if (!element.id) continue;
      const name = element.name ?? element.id;
      if (element.$type !== 'bpmn:SequenceFlow') meta.elements[element.id] = { name, type: element.$type };
      if (element.$type === 'bpmn:SequenceFlow' && element.conditionExpression?.body) {
        try {
          checkExpression(element.conditionExpression.body);
        } catch (error) {
          throw new ModelError(`${element.id}: ${(error as Error).message}`);
        }
      }
      if (element.$type === 'bpmn:StartEvent' && container === process) {
        meta.startFormKey ??= attr(element, 'formKey');
      }
      if (element.$type === 'bpmn:UserTask') {
        const task: TaskMeta = { name };
        for (const key of ['assignee', 'candidateUsers', 'candidateGroups', 'formKey', 'dueDate'] as const) {
          const value = attr(element, key);
          if (value === undefined) continue;
          try {
            checkExpression(value);
          } catch (error) {
            throw new ModelError(`${element.id}: ${(error as Error).message}`);
          }
          task[key] = value;
        }
        meta.tasks[element.id] = task;
      }
      if (element.$type === 'bpmn:ServiceTask') {
        const action = serviceName(element);
        if (!action)
          throw new ModelError(`${element.id}: a service task names its action (flowable:expression)`);
        // Its other flowable: attributes are the action's parameters (copy's `copyTo`...).
        const params: Record<string, string> = {};
        for (const [key, value] of Object.entries(element.$attrs ?? {})) {
          const [prefix, local] = key.split(':');
          if (
            prefix &&
            local &&
            prefixes.has(prefix) &&
            !['expression', 'delegateExpression', 'class'].includes(local)
          )
            params[local] = value;
        }
        meta.services[element.id] = { name, action, params };
      }
      if (element.$type === 'bpmn:SubProcess') visit(element);
    }
  };
  visit(process);
  if (!Object.values(meta.elements).some((e) => e.type === 'bpmn:StartEvent'))
    throw new ModelError('no start event');
  if (!Object.values(meta.elements).some((e) => e.type === 'bpmn:EndEvent'))
    throw new ModelError('no end event');
  return meta;
}
