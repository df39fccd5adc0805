-- Demo villas: twelve believable Cycladic properties (Santorini, Paros, Mykonos, Folegandros, Naxos,
-- Sifnos, Milos) with owners, access notes and three photos each. Runs after seed.sql (the demo
-- accounts); the manager account is recorded as their author.
--
-- Photos: property_photos rows point at '<CODE>/<n>.jpg' in the property-photos bucket. The files
-- are in supabase/seeds/property-photos/<CODE>/<n>.jpg (made by scripts/generate-villa-photos.ts)
-- and reach the bucket through config.toml's [storage.buckets.property-photos] objects_path, as
-- the Supabase CLI seeds buckets; no storage.objects rows are written here.

insert into public.properties (
  id, code, name, type, status, address, area, latitude, longitude, bedrooms, bathrooms, max_guests,
  owner_name, owner_phone, owner_email, notes, created_by, updated_by
)
select
  v.id::uuid, v.code, v.name, v.type::public.property_type, v.status::public.property_status, v.address,
  v.area, v.lat, v.lon, v.bedrooms, v.bathrooms, v.max_guests, v.owner_name, v.owner_phone,
  v.owner_email, v.notes,
  'a11ce000-0000-4000-8000-000000000002'::uuid,
  'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  ('b1a00000-0000-4000-8000-000000000001', 'SAN-OIA-01', 'Villa Anemos', 'villa', 'active',
    'Nikolaou Nomikou 14, Oia 847 02', 'Oia, Santorini', 36.46160, 25.37560, 3, 3, 6,
    'Dimitris Sigalas', '+30 694 221 0457', 'd.sigalas@anemos-oia.gr',
    'Caldera-facing infinity pool; sunset crowds on the path from 19:00, arrive for turnovers before then.'),
  ('b1a00000-0000-4000-8000-000000000002', 'SAN-OIA-02', 'Kallisti Cave House', 'house', 'active',
    'Finikia Lane 3, Oia 847 02', 'Oia, Santorini', 36.46390, 25.38240, 2, 2, 4,
    'Anna Roussou', '+30 697 315 8820', 'anna.roussou@kallisti.gr',
    'Traditional yposkafo (cave house): run the dehumidifier in both bedrooms during every clean.'),
  ('b1a00000-0000-4000-8000-000000000003', 'SAN-IME-01', 'Villa Caldera Blue', 'villa', 'active',
    'Skaros Path 7, Imerovigli 847 00', 'Imerovigli, Santorini', 36.43310, 25.42270, 4, 4, 8,
    'Petros Nomikos', '+30 693 870 1146', 'petros@calderablue.com',
    '72 steps from the car park; the luggage porter is booked by the office for every arrival.'),
  ('b1a00000-0000-4000-8000-000000000004', 'SAN-FIR-01', 'Aspro Suite', 'suite', 'active',
    'Agiou Mina 21, Fira 847 00', 'Fira, Santorini', 36.41620, 25.43150, 1, 1, 2,
    'Katerina Zorzou', '+30 698 402 7713', 'k.zorzou@asprosuite.gr',
    'Honeymoon suite with outdoor jacuzzi; rose petals and prosecco set-up on request.'),
  ('b1a00000-0000-4000-8000-000000000005', 'PAR-NAO-01', 'Villa Thalassa', 'villa', 'active',
    'Kolymbithres Road, Naoussa 844 01', 'Naoussa, Paros', 37.12480, 25.22950, 5, 5, 10,
    'Giannis Krispis', '+30 694 118 3392', 'g.krispis@thalassa-paros.gr',
    'Beach villa, sand on every floor: extra time for floors and the outdoor shower.'),
  ('b1a00000-0000-4000-8000-000000000006', 'PAR-PAR-01', 'Lithos House', 'house', 'inactive',
    'Market Street 48, Parikia 844 00', 'Parikia, Paros', 37.08530, 25.14930, 3, 2, 6,
    'Sofia Mavrogenous', '+30 697 902 5561', 'sofia.mavrogenous@lithos.gr',
    'Closed for bathroom renovation until further notice; the owner''s builder has the keys.'),
  ('b1a00000-0000-4000-8000-000000000007', 'MYK-ORN-01', 'Villa Ornos Bay', 'villa', 'active',
    'Ornos Hill, Mykonos 846 00', 'Ornos, Mykonos', 37.42440, 25.32330, 6, 6, 12,
    'Alexandros Kousathanas', '+30 693 550 2278', 'alex@ornosbay.com',
    'Two pools (main and children''s); pool technician every Monday and Thursday morning.'),
  ('b1a00000-0000-4000-8000-000000000008', 'MYK-AGS-01', 'Villa Agios Stefanos', 'villa', 'active',
    'Agios Stefanos, Mykonos 846 00', 'Agios Stefanos, Mykonos', 37.46450, 25.33150, 4, 4, 8,
    'Marina Kyriakou', '+30 698 733 4410', 'marina.kyriakou@agiosstefanos-villa.gr',
    'Meltemi wind: stack and tie down the sunbed cushions after every clean.'),
  ('b1a00000-0000-4000-8000-000000000009', 'FOL-CHO-01', 'Folegandros Cliff House', 'house', 'active',
    'Pounta, Chora 840 11', 'Chora, Folegandros', 36.62190, 24.92100, 2, 1, 4,
    'Eleni Danassi', '+30 694 660 9023', 'eleni.danassi@cliffhouse.gr',
    'No car access to the door: the last 200 m on foot; linen goes up in the trolley.'),
  ('b1a00000-0000-4000-8000-000000000010', 'NAX-CHO-01', 'Villa Portara', 'villa', 'active',
    'Grotta, Chora 843 00', 'Chora, Naxos', 37.10900, 25.37280, 3, 2, 6,
    'Manolis Glezos', '+30 697 481 3375', 'manolis@villaportara.gr',
    'Walking distance to the Portara; the owner''s olive oil is a welcome gift, one bottle per stay.'),
  ('b1a00000-0000-4000-8000-000000000011', 'SIF-APO-01', 'Apollonia Stone Villa', 'villa', 'active',
    'Steno, Apollonia 840 03', 'Apollonia, Sifnos', 36.97420, 24.72010, 3, 3, 6,
    'Irini Tsiknia', '+30 693 204 7788', 'irini@apollonia-stone.gr',
    'Wood-fired oven in the courtyard; check the ash tray at every turnover.'),
  ('b1a00000-0000-4000-8000-000000000012', 'MIL-PLA-01', 'Plaka Sunset Studio', 'studio', 'active',
    'Kastro Road 5, Plaka 848 00', 'Plaka, Milos', 36.74280, 24.42350, 1, 1, 2,
    'Nikolas Vichos', '+30 698 110 6349', 'n.vichos@plakasunset.gr',
    'Small studio with roof terrace; towels for Sarakiniko beach are in the blue basket.')
) as v (id, code, name, type, status, address, area, lat, lon, bedrooms, bathrooms, max_guests,
        owner_name, owner_phone, owner_email, notes);

insert into public.property_access (
  property_id, access_notes, key_safe_code, alarm_code, wifi_name, wifi_password, created_by, updated_by
)
select
  p.id, a.access_notes, a.key_safe_code, a.alarm_code, a.wifi_name, a.wifi_password,
  'a11ce000-0000-4000-8000-000000000002'::uuid,
  'a11ce000-0000-4000-8000-000000000002'::uuid
from (values
  ('SAN-OIA-01', 'Key safe left of the blue door, behind the bougainvillea. Pool gate code is the same.',
    '4719', '2580', 'Anemos-Guest', 'caldera-sunset-19'),
  ('SAN-OIA-02', 'Enter from Finikia lane, second whitewashed door on the right. Key safe under the stone bench.',
    '8302', null, 'Kallisti_Cave', 'yposkafo-2024'),
  ('SAN-IME-01', 'Reception of Skaros Villas holds a spare key. Key safe at the top of the steps.',
    '1597', '7410', 'CalderaBlue', 'skaros-rock-88'),
  ('SAN-FIR-01', 'Suite 4 in the Aspro complex; the complex gate code is 1453#.',
    '6624', null, 'Aspro-Suites', 'fira-view-2'),
  ('PAR-NAO-01', 'Gate remote in the key safe at the garage wall. Main door smart lock: code on arrival sheet.',
    '3088', '9051', 'Thalassa-Villa', 'kolymbithres!5'),
  ('PAR-PAR-01', 'Closed for renovation: keys with the builder (Stelios, +30 694 700 1220).',
    null, null, 'Lithos-Home', 'parikia-market'),
  ('MYK-ORN-01', 'Security guard at the estate entrance has the master key; villa key safe by the pool house.',
    '5170', '3666', 'OrnosBay-5G', 'ornos-bay-sunrise'),
  ('MYK-AGS-01', 'Key safe inside the electricity box left of the gate (box opens with a 1 euro coin).',
    '2046', null, 'AgiosStefanos', 'meltemi-2025'),
  ('FOL-CHO-01', 'Park at Pounta square. Key with Kyria Maria at the bakery opposite if the safe sticks.',
    '7731', null, 'CliffHouse', 'folegandros-wind'),
  ('NAX-CHO-01', 'Grotta side entrance; key safe behind the olive tree planter.',
    '9264', '1818', 'Portara-Villa', 'naxos-kitron-7'),
  ('SIF-APO-01', 'Blue wooden door on Steno; key safe in the courtyard niche.',
    '4450', null, 'Apollonia-Stone', 'revithada-sunday'),
  ('MIL-PLA-01', 'Studio entrance from the roof-terrace stairs. Key safe by the door frame.',
    '1209', null, 'PlakaSunset', 'sarakiniko-moon')
) as a (code, access_notes, key_safe_code, alarm_code, wifi_name, wifi_password)
join public.properties p on p.code = a.code;

-- Three photos per villa; the first is the cover. Captions follow what each generated scene shows.
insert into public.property_photos (property_id, storage_path, caption, position, is_cover, created_by, updated_by)
select
  p.id,
  p.code || '/' || n || '.jpg',
  case n
    when 1 then 'The villa from the terrace'
    when 2 then 'Pool and sea view'
    else 'Evening light over the village'
  end,
  n - 1,
  n = 1,
  'a11ce000-0000-4000-8000-000000000002'::uuid,
  'a11ce000-0000-4000-8000-000000000002'::uuid
from public.properties p
cross join generate_series(1, 3) as n
where p.code ~ '^[A-Z]{3}-[A-Z]{3}-[0-9]{2}$';
