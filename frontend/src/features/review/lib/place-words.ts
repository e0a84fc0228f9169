import { drawingPlaces } from '@domain/drawing-place';
import type { Drawing } from '@domain/review';
import { useTranslation } from 'react-i18next';
import { REVIEW_NAMESPACE } from '../locales';

/** Where a drawing's shapes are on the picture, in words (« en haut à gauche, au centre »). */
export function usePlacesInWords(): (shapes: Drawing['shapes']) => string {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (shapes) =>
    drawingPlaces(shapes)
      .map((place) => t(`drawing.places.${place}`))
      .join(', ');
}
