// Sections other areas add to the property detail page. Features never import each other
// (docs/architecture.md): the properties screen renders what this context holds, and the app layer
// (src/app/property-sections.tsx) fills it with the areas' lazily loaded sections.
import { createContext, type ComponentType } from 'react';

export interface PropertySectionProps {
  propertyId: string;
  /** The detail page's guest-ready state (from the server or this device's copy). */
  ready: boolean;
  reasons: string[];
}

export interface PropertySections {
  /** The villa's cleans and guest-ready reason (housekeeping). */
  Cleans?: ComponentType<PropertySectionProps>;
  /** The villa's open and recently resolved work orders (maintenance). */
  WorkOrders?: ComponentType<PropertySectionProps>;
}

export const PropertySectionsContext = createContext<PropertySections>({});
