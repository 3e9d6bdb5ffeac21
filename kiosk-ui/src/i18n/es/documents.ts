import type { documents as english } from '../en/documents';
import type { Translation } from '../types';

export const documents: Translation<typeof english> = {
  viewer: {
    choose: 'Elija un documento para leer',
    none: 'No hay documentos para mostrar.',
    close: 'Cerrar',
    frame_title: '{{name}}',
  },
  map: {
    loading: 'Cargando el mapa de las instalaciones',
    unavailable: 'El mapa de las instalaciones no está disponible en este momento.',
    space: 'Unidad {{door}}: sin video',
    space_with_media: 'Unidad {{door}}: ver video',
    video_title: 'Unidad {{door}}',
    video_offline: 'El video de la unidad {{door}} no está disponible en este quiosco.',
    close: 'Cerrar',
    image_alt: 'Mapa de las instalaciones: {{name}}',
  },
};
