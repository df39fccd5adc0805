// Villa photos as other areas use them (the housekeeper's route shows a villa's reference photos):
// the bucket is named once, here, for the properties area and every other reader.
export const PROPERTY_PHOTO_BUCKET = 'property-photos';
