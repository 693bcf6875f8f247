declare module 'bpmn-moddle' {
  /** bpmn-moddle 9 ships no types: the part the workflow module uses. */
  export default class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
  }
}
