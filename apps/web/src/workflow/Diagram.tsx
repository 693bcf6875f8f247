import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef } from 'react';
import './workflow.css';

/**
 * A deployed process's diagram (the bpmn-js viewer), with the steps done and the current ones
 * highlighted (classes `bl-wf-done` / `bl-wf-active`, workflow.css).
 */
export function Diagram({
  xml,
  active = [],
  finished = [],
}: {
  xml: string;
  active?: string[];
  finished?: string[];
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current || !xml) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let live = true;
    void viewer.importXML(xml).then(() => {
      if (!live) return;
      const canvas = viewer.get('canvas') as {
        zoom(level: string): void;
        addMarker(id: string, marker: string): void;
      };
      canvas.zoom('fit-viewport');
      const registry = viewer.get('elementRegistry') as { get(id: string): unknown };
      for (const id of finished) if (registry.get(id)) canvas.addMarker(id, 'bl-wf-done');
      for (const id of active) if (registry.get(id)) canvas.addMarker(id, 'bl-wf-active');
    });
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, active, finished]);
  return <div ref={host} className="bl-wf-diagram" data-testid="wf-diagram" />;
}
