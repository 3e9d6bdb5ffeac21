import { describe, expect, it } from 'vitest';
import { createTestRoot, wrapped } from '../../test/fakes';

const image = { name: 'Site plan', image_url: '/map.svg', width: 1200, height: 800, polygons: [] };

describe('DocumentsStore', () => {
  it('loads the map images of the facility once', async () => {
    const { root, requests } = createTestRoot({
      url: '/demo',
      routes: { 'GET /api/user/facility/demo/map/': { body: wrapped([image]) } },
    });
    await root.documents.loadMap();
    await root.documents.loadMap();
    expect(root.documents.map.state).toBe('ready');
    expect(root.documents.mapImages).toEqual([image]);
    expect(requests.filter((r) => r.path === '/api/user/facility/demo/map/')).toHaveLength(1);
  });

  it('shows no images when the operator refuses the map call', async () => {
    const { root } = createTestRoot({
      url: '/demo',
      routes: {
        'GET /api/user/facility/demo/map/': { body: { application_data: { status: 'error', message: 'No' } } },
      },
    });
    await root.documents.loadMap();
    expect(root.documents).toMatchObject({ map: { state: 'failed', reason: 'refused' }, mapImages: [] });
  });

  it('tells an unanswered map call apart, and loads it again when asked', async () => {
    let reachable = false;
    const { root } = createTestRoot({
      url: '/demo',
      routes: {
        'GET /api/user/facility/demo/map/': () => (reachable ? { body: wrapped([image]) } : { networkError: true }),
      },
    });
    await root.documents.loadMap();
    expect(root.documents).toMatchObject({ map: { state: 'failed', reason: 'unreachable' }, mapImages: [] });
    reachable = true;
    await root.documents.loadMap();
    expect(root.documents).toMatchObject({ map: { state: 'ready' }, mapImages: [image] });
  });

  it('splits lease and insurance documents and forgets the open one when the visit ends', () => {
    const { root } = createTestRoot();
    const lease = { document_type: 'lease_agreement', name: 'Rental Agreement', location: '/a.html' };
    const brochure = { document_type: 'insurance_brochure_non_interactive', name: 'Brochure', location: '/b.pdf' };
    root.config.setNonInteractiveDocuments([lease, brochure]);
    expect(root.documents.leaseDocuments).toEqual([lease]);
    expect(root.documents.insuranceDocuments).toEqual([brochure]);
    root.documents.showDocument(lease);
    root.resetAll();
    expect(root.documents.openDocument).toBeNull();
    expect(root.documents.nonInteractive).toHaveLength(2);
  });
});
