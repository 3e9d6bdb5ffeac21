import type { MessageTree } from '../types';

/**
 * Rental documents, protection brochure and facility map (shell spec §2, §3). Section titles come
 * from shell.sections; entries marked "wording not shown" are ours.
 */
export const documents = {
  viewer: {
    // wording not shown
    choose: 'Choose a document to read',
    // wording not shown
    none: 'There are no documents to show.',
    close: 'Close',
    // wording not shown
    frame_title: '{{name}}',
  },
  map: {
    // wording not shown
    loading: 'Loading the facility map',
    // wording not shown
    unavailable: 'The facility map is not available right now.',
    // wording not shown
    space: 'Unit {{door}}: no video',
    // wording not shown
    space_with_media: 'Unit {{door}}: play video',
    // wording not shown
    video_title: 'Unit {{door}}',
    // wording not shown
    video_offline: 'The video for unit {{door}} is not available on this kiosk.',
    close: 'Close',
    // wording not shown
    image_alt: 'Facility map: {{name}}',
  },
} satisfies MessageTree;
