export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          after: Json | null
          at: string
          before: Json | null
          entity: string
          entity_id: string | null
          id: number
          subject_user_id: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          after?: Json | null
          at?: string
          before?: Json | null
          entity: string
          entity_id?: string | null
          id?: never
          subject_user_id?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          after?: Json | null
          at?: string
          before?: Json | null
          entity?: string
          entity_id?: string | null
          id?: never
          subject_user_id?: string | null
        }
        Relationships: []
      }
      checklist_template_versions: {
        Row: {
          content: Json
          created_at: string
          created_by: string | null
          id: string
          item_count: number
          template_id: string
          version: number
        }
        Insert: {
          content: Json
          created_at?: string
          created_by?: string | null
          id?: string
          item_count?: number
          template_id: string
          version?: number
        }
        Update: {
          content?: Json
          created_at?: string
          created_by?: string | null
          id?: string
          item_count?: number
          template_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "checklist_template_versions_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "checklist_template_versions_template_id_fkey"
            columns: ["template_id"]
            isOneToOne: false
            referencedRelation: "checklist_templates"
            referencedColumns: ["id"]
          },
        ]
      }
      checklist_templates: {
        Row: {
          archived: boolean
          created_at: string
          created_by: string | null
          current_version: number
          current_version_id: string | null
          description: string
          id: string
          name: string
          name_i18n: Json
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          archived?: boolean
          created_at?: string
          created_by?: string | null
          current_version?: number
          current_version_id?: string | null
          description?: string
          id?: string
          name: string
          name_i18n?: Json
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          archived?: boolean
          created_at?: string
          created_by?: string | null
          current_version?: number
          current_version_id?: string | null
          description?: string
          id?: string
          name?: string
          name_i18n?: Json
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "checklist_templates_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "checklist_templates_current_version_fkey"
            columns: ["current_version_id"]
            isOneToOne: false
            referencedRelation: "checklist_template_versions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "checklist_templates_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_task_activity: {
        Row: {
          action: string
          actor_id: string | null
          at: string
          details: Json
          from_status:
            Database["public"]["Enums"]["cleaning_task_status"] | null
          id: string
          task_id: string
          to_status: Database["public"]["Enums"]["cleaning_task_status"] | null
        }
        Insert: {
          action: string
          actor_id?: string | null
          at?: string
          details?: Json
          from_status?:
            Database["public"]["Enums"]["cleaning_task_status"] | null
          id?: string
          task_id: string
          to_status?: Database["public"]["Enums"]["cleaning_task_status"] | null
        }
        Update: {
          action?: string
          actor_id?: string | null
          at?: string
          details?: Json
          from_status?:
            Database["public"]["Enums"]["cleaning_task_status"] | null
          id?: string
          task_id?: string
          to_status?: Database["public"]["Enums"]["cleaning_task_status"] | null
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_task_activity_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_task_activity_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_task_answers: {
        Row: {
          answered_at: string
          answered_by: string | null
          failed: boolean
          flagged: boolean
          id: string
          item_id: string
          note: string
          out_of_range: boolean
          task_id: string
          updated_at: string
          value: Json | null
        }
        Insert: {
          answered_at: string
          answered_by?: string | null
          failed?: boolean
          flagged?: boolean
          id?: string
          item_id: string
          note?: string
          out_of_range?: boolean
          task_id: string
          updated_at?: string
          value?: Json | null
        }
        Update: {
          answered_at?: string
          answered_by?: string | null
          failed?: boolean
          flagged?: boolean
          id?: string
          item_id?: string
          note?: string
          out_of_range?: boolean
          task_id?: string
          updated_at?: string
          value?: Json | null
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_task_answers_answered_by_fkey"
            columns: ["answered_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_task_answers_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_task_assignees: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          task_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          task_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          task_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_task_assignees_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_task_assignees_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_task_assignees_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_task_photos: {
        Row: {
          bytes: number
          created_at: string
          created_by: string | null
          id: string
          item_id: string
          sha256: string
          storage_path: string
          task_id: string
        }
        Insert: {
          bytes: number
          created_at?: string
          created_by?: string | null
          id?: string
          item_id: string
          sha256: string
          storage_path: string
          task_id: string
        }
        Update: {
          bytes?: number
          created_at?: string
          created_by?: string | null
          id?: string
          item_id?: string
          sha256?: string
          storage_path?: string
          task_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_task_photos_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_task_photos_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_tasks: {
        Row: {
          checklist_version_id: string | null
          cleaning_type_id: string
          created_at: string
          created_by: string | null
          day: string
          due_at: string
          estimated_minutes: number
          finished_at: string | null
          flag_reason: string | null
          flagged: boolean
          guests_arriving: number | null
          id: string
          inspected_at: string | null
          inspected_by: string | null
          inspection_note: string
          inspection_required: boolean
          items_done: number
          items_total: number
          next_check_in: string | null
          notes: string
          photos_count: number
          priority: Database["public"]["Enums"]["cleaning_task_priority"]
          property_id: string
          recurring_schedule_id: string | null
          same_day: boolean
          started_at: string | null
          status: Database["public"]["Enums"]["cleaning_task_status"]
          turnover_for: string | null
          updated_at: string
          updated_by: string | null
          version: number
          window_start: string
        }
        Insert: {
          checklist_version_id?: string | null
          cleaning_type_id: string
          created_at?: string
          created_by?: string | null
          day?: string
          due_at: string
          estimated_minutes?: number
          finished_at?: string | null
          flag_reason?: string | null
          flagged?: boolean
          guests_arriving?: number | null
          id?: string
          inspected_at?: string | null
          inspected_by?: string | null
          inspection_note?: string
          inspection_required?: boolean
          items_done?: number
          items_total?: number
          next_check_in?: string | null
          notes?: string
          photos_count?: number
          priority?: Database["public"]["Enums"]["cleaning_task_priority"]
          property_id: string
          recurring_schedule_id?: string | null
          same_day?: boolean
          started_at?: string | null
          status?: Database["public"]["Enums"]["cleaning_task_status"]
          turnover_for?: string | null
          updated_at?: string
          updated_by?: string | null
          version?: number
          window_start: string
        }
        Update: {
          checklist_version_id?: string | null
          cleaning_type_id?: string
          created_at?: string
          created_by?: string | null
          day?: string
          due_at?: string
          estimated_minutes?: number
          finished_at?: string | null
          flag_reason?: string | null
          flagged?: boolean
          guests_arriving?: number | null
          id?: string
          inspected_at?: string | null
          inspected_by?: string | null
          inspection_note?: string
          inspection_required?: boolean
          items_done?: number
          items_total?: number
          next_check_in?: string | null
          notes?: string
          photos_count?: number
          priority?: Database["public"]["Enums"]["cleaning_task_priority"]
          property_id?: string
          recurring_schedule_id?: string | null
          same_day?: boolean
          started_at?: string | null
          status?: Database["public"]["Enums"]["cleaning_task_status"]
          turnover_for?: string | null
          updated_at?: string
          updated_by?: string | null
          version?: number
          window_start?: string
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_tasks_checklist_version_id_fkey"
            columns: ["checklist_version_id"]
            isOneToOne: false
            referencedRelation: "checklist_template_versions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_cleaning_type_id_fkey"
            columns: ["cleaning_type_id"]
            isOneToOne: false
            referencedRelation: "cleaning_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_inspected_by_fkey"
            columns: ["inspected_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_recurring_schedule_id_fkey"
            columns: ["recurring_schedule_id"]
            isOneToOne: false
            referencedRelation: "recurring_schedules"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_turnover_for_fkey"
            columns: ["turnover_for"]
            isOneToOne: true
            referencedRelation: "reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_tasks_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      cleaning_types: {
        Row: {
          archived: boolean
          code: string | null
          color: string
          created_at: string
          created_by: string | null
          default_template_id: string | null
          id: string
          inspection_required: boolean
          minutes_by_bedrooms: number[]
          name: string
          name_i18n: Json
          position: number
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          archived?: boolean
          code?: string | null
          color?: string
          created_at?: string
          created_by?: string | null
          default_template_id?: string | null
          id?: string
          inspection_required?: boolean
          minutes_by_bedrooms?: number[]
          name: string
          name_i18n?: Json
          position?: number
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          archived?: boolean
          code?: string | null
          color?: string
          created_at?: string
          created_by?: string | null
          default_template_id?: string | null
          id?: string
          inspection_required?: boolean
          minutes_by_bedrooms?: number[]
          name?: string
          name_i18n?: Json
          position?: number
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "cleaning_types_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_types_default_template_id_fkey"
            columns: ["default_template_id"]
            isOneToOne: false
            referencedRelation: "checklist_templates"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "cleaning_types_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      client_events: {
        Row: {
          code: string
          created_at: string
          id: number
          kind: string
          user_id: string | null
        }
        Insert: {
          code?: string
          created_at?: string
          id?: never
          kind: string
          user_id?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          id?: never
          kind?: string
          user_id?: string | null
        }
        Relationships: []
      }
      conversation_members: {
        Row: {
          conversation_id: string
          id: string
          joined_at: string
          last_read_at: string | null
          last_read_message_id: string | null
          notify: Database["public"]["Enums"]["chat_notify"]
          role: Database["public"]["Enums"]["chat_member_role"]
          user_id: string
        }
        Insert: {
          conversation_id: string
          id?: string
          joined_at?: string
          last_read_at?: string | null
          last_read_message_id?: string | null
          notify?: Database["public"]["Enums"]["chat_notify"]
          role?: Database["public"]["Enums"]["chat_member_role"]
          user_id: string
        }
        Update: {
          conversation_id?: string
          id?: string
          joined_at?: string
          last_read_at?: string | null
          last_read_message_id?: string | null
          notify?: Database["public"]["Enums"]["chat_notify"]
          role?: Database["public"]["Enums"]["chat_member_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversation_members_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversation_members_last_read_message_id_fkey"
            columns: ["last_read_message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversation_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      conversations: {
        Row: {
          archived_at: string | null
          clean_id: string | null
          created_at: string
          created_by: string | null
          id: string
          kind: Database["public"]["Enums"]["conversation_kind"]
          last_message_at: string | null
          member_key: string | null
          name: string | null
          private: boolean
          property_id: string | null
          updated_at: string
          work_order_id: string | null
        }
        Insert: {
          archived_at?: string | null
          clean_id?: string | null
          created_at?: string
          created_by?: string | null
          id?: string
          kind: Database["public"]["Enums"]["conversation_kind"]
          last_message_at?: string | null
          member_key?: string | null
          name?: string | null
          private?: boolean
          property_id?: string | null
          updated_at?: string
          work_order_id?: string | null
        }
        Update: {
          archived_at?: string | null
          clean_id?: string | null
          created_at?: string
          created_by?: string | null
          id?: string
          kind?: Database["public"]["Enums"]["conversation_kind"]
          last_message_at?: string | null
          member_key?: string | null
          name?: string | null
          private?: boolean
          property_id?: string | null
          updated_at?: string
          work_order_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "conversations_clean_id_fkey"
            columns: ["clean_id"]
            isOneToOne: true
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: true
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      custom_permissions: {
        Row: {
          created_at: string
          granted: boolean
          permission_key: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          granted: boolean
          permission_key: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          granted?: boolean
          permission_key?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "custom_permissions_permission_key_fkey"
            columns: ["permission_key"]
            isOneToOne: false
            referencedRelation: "permissions"
            referencedColumns: ["key"]
          },
          {
            foreignKeyName: "custom_permissions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      inventory_consumption: {
        Row: {
          basis: Database["public"]["Enums"]["inventory_consumption_basis"]
          cleaning_type_id: string
          created_at: string
          created_by: string | null
          id: string
          item_id: string
          quantity: number
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          basis: Database["public"]["Enums"]["inventory_consumption_basis"]
          cleaning_type_id: string
          created_at?: string
          created_by?: string | null
          id?: string
          item_id: string
          quantity: number
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          basis?: Database["public"]["Enums"]["inventory_consumption_basis"]
          cleaning_type_id?: string
          created_at?: string
          created_by?: string | null
          id?: string
          item_id?: string
          quantity?: number
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "inventory_consumption_cleaning_type_id_fkey"
            columns: ["cleaning_type_id"]
            isOneToOne: false
            referencedRelation: "cleaning_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_consumption_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_consumption_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "inventory_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_consumption_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      inventory_items: {
        Row: {
          active: boolean
          barcode: string | null
          category: Database["public"]["Enums"]["inventory_category"]
          created_at: string
          created_by: string | null
          id: string
          name: string
          pack_size: number
          photo_path: string | null
          sku: string | null
          unit: string
          unit_cost: number
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          active?: boolean
          barcode?: string | null
          category: Database["public"]["Enums"]["inventory_category"]
          created_at?: string
          created_by?: string | null
          id?: string
          name: string
          pack_size?: number
          photo_path?: string | null
          sku?: string | null
          unit?: string
          unit_cost?: number
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          active?: boolean
          barcode?: string | null
          category?: Database["public"]["Enums"]["inventory_category"]
          created_at?: string
          created_by?: string | null
          id?: string
          name?: string
          pack_size?: number
          photo_path?: string | null
          sku?: string | null
          unit?: string
          unit_cost?: number
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "inventory_items_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_items_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      inventory_locations: {
        Row: {
          active: boolean
          created_at: string
          created_by: string | null
          holder_id: string | null
          id: string
          kind: Database["public"]["Enums"]["inventory_location_kind"]
          name: string
          property_id: string | null
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          active?: boolean
          created_at?: string
          created_by?: string | null
          holder_id?: string | null
          id?: string
          kind: Database["public"]["Enums"]["inventory_location_kind"]
          name: string
          property_id?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          active?: boolean
          created_at?: string
          created_by?: string | null
          holder_id?: string | null
          id?: string
          kind?: Database["public"]["Enums"]["inventory_location_kind"]
          name?: string
          property_id?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "inventory_locations_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_locations_holder_id_fkey"
            columns: ["holder_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_locations_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_locations_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      inventory_movements: {
        Row: {
          clean_id: string | null
          counted_quantity: number | null
          created_at: string
          created_by: string | null
          id: string
          item_id: string
          kind: Database["public"]["Enums"]["inventory_movement_kind"]
          location_id: string
          mutation_id: string
          negative: boolean
          occurred_at: string
          quantity: number
          reason: string
          transfer_id: string | null
          unit_cost: number
          work_order_id: string | null
        }
        Insert: {
          clean_id?: string | null
          counted_quantity?: number | null
          created_at?: string
          created_by?: string | null
          id?: string
          item_id: string
          kind: Database["public"]["Enums"]["inventory_movement_kind"]
          location_id: string
          mutation_id: string
          negative?: boolean
          occurred_at?: string
          quantity: number
          reason?: string
          transfer_id?: string | null
          unit_cost?: number
          work_order_id?: string | null
        }
        Update: {
          clean_id?: string | null
          counted_quantity?: number | null
          created_at?: string
          created_by?: string | null
          id?: string
          item_id?: string
          kind?: Database["public"]["Enums"]["inventory_movement_kind"]
          location_id?: string
          mutation_id?: string
          negative?: boolean
          occurred_at?: string
          quantity?: number
          reason?: string
          transfer_id?: string | null
          unit_cost?: number
          work_order_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "inventory_movements_clean_id_fkey"
            columns: ["clean_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_movements_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_movements_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "inventory_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_movements_location_id_fkey"
            columns: ["location_id"]
            isOneToOne: false
            referencedRelation: "inventory_locations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_movements_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: false
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      inventory_stock: {
        Row: {
          id: string
          item_id: string
          location_id: string
          negative: boolean
          on_hand: number
          par_level: number
          reorder_threshold: number
          updated_at: string
        }
        Insert: {
          id?: string
          item_id: string
          location_id: string
          negative?: boolean
          on_hand?: number
          par_level?: number
          reorder_threshold?: number
          updated_at?: string
        }
        Update: {
          id?: string
          item_id?: string
          location_id?: string
          negative?: boolean
          on_hand?: number
          par_level?: number
          reorder_threshold?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "inventory_stock_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "inventory_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "inventory_stock_location_id_fkey"
            columns: ["location_id"]
            isOneToOne: false
            referencedRelation: "inventory_locations"
            referencedColumns: ["id"]
          },
        ]
      }
      message_reactions: {
        Row: {
          conversation_id: string
          created_at: string
          emoji: string
          id: string
          message_id: string
          user_id: string
        }
        Insert: {
          conversation_id: string
          created_at?: string
          emoji: string
          id?: string
          message_id: string
          user_id?: string
        }
        Update: {
          conversation_id?: string
          created_at?: string
          emoji?: string
          id?: string
          message_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_reactions_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_reactions_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          attachments: Json
          author_id: string | null
          body: string
          conversation_id: string
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          edited_at: string | null
          id: string
          mentions: string[]
          mutation_id: string | null
          reply_to: string | null
        }
        Insert: {
          attachments?: Json
          author_id?: string | null
          body?: string
          conversation_id: string
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          edited_at?: string | null
          id?: string
          mentions?: string[]
          mutation_id?: string | null
          reply_to?: string | null
        }
        Update: {
          attachments?: Json
          author_id?: string | null
          body?: string
          conversation_id?: string
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          edited_at?: string | null
          id?: string
          mentions?: string[]
          mutation_id?: string | null
          reply_to?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "messages_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_deleted_by_fkey"
            columns: ["deleted_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_reply_to_fkey"
            columns: ["reply_to"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          actor_id: string | null
          body: string
          created_at: string
          day: string | null
          id: string
          kind: Database["public"]["Enums"]["notification_kind"]
          link_id: string
          link_route: string
          read_at: string | null
          recipient_id: string
          title: string
        }
        Insert: {
          actor_id?: string | null
          body?: string
          created_at?: string
          day?: string | null
          id?: string
          kind: Database["public"]["Enums"]["notification_kind"]
          link_id: string
          link_route: string
          read_at?: string | null
          recipient_id: string
          title: string
        }
        Update: {
          actor_id?: string | null
          body?: string
          created_at?: string
          day?: string | null
          id?: string
          kind?: Database["public"]["Enums"]["notification_kind"]
          link_id?: string
          link_route?: string
          read_at?: string | null
          recipient_id?: string
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      permissions: {
        Row: {
          area: string
          created_at: string
          description: string
          key: string
        }
        Insert: {
          area: string
          created_at?: string
          description?: string
          key: string
        }
        Update: {
          area?: string
          created_at?: string
          description?: string
          key?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          active: boolean
          avatar_url: string | null
          created_at: string
          custom_permissions: Json
          email: string | null
          full_name: string
          id: string
          language: string | null
          phone: string | null
          updated_at: string
        }
        Insert: {
          active?: boolean
          avatar_url?: string | null
          created_at?: string
          custom_permissions?: Json
          email?: string | null
          full_name?: string
          id: string
          language?: string | null
          phone?: string | null
          updated_at?: string
        }
        Update: {
          active?: boolean
          avatar_url?: string | null
          created_at?: string
          custom_permissions?: Json
          email?: string | null
          full_name?: string
          id?: string
          language?: string | null
          phone?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      properties: {
        Row: {
          address: string
          archived: boolean
          archived_at: string | null
          area: string
          bathrooms: number
          bedrooms: number
          code: string
          created_at: string
          created_by: string | null
          id: string
          latitude: number | null
          longitude: number | null
          max_guests: number
          name: string
          notes: string
          owner_email: string | null
          owner_name: string
          owner_phone: string | null
          status: Database["public"]["Enums"]["property_status"]
          type: Database["public"]["Enums"]["property_type"]
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          address?: string
          archived?: boolean
          archived_at?: string | null
          area?: string
          bathrooms?: number
          bedrooms?: number
          code: string
          created_at?: string
          created_by?: string | null
          id?: string
          latitude?: number | null
          longitude?: number | null
          max_guests?: number
          name: string
          notes?: string
          owner_email?: string | null
          owner_name?: string
          owner_phone?: string | null
          status?: Database["public"]["Enums"]["property_status"]
          type?: Database["public"]["Enums"]["property_type"]
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          address?: string
          archived?: boolean
          archived_at?: string | null
          area?: string
          bathrooms?: number
          bedrooms?: number
          code?: string
          created_at?: string
          created_by?: string | null
          id?: string
          latitude?: number | null
          longitude?: number | null
          max_guests?: number
          name?: string
          notes?: string
          owner_email?: string | null
          owner_name?: string
          owner_phone?: string | null
          status?: Database["public"]["Enums"]["property_status"]
          type?: Database["public"]["Enums"]["property_type"]
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "properties_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "properties_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_access: {
        Row: {
          access_notes: string
          alarm_code: string | null
          created_at: string
          created_by: string | null
          key_safe_code: string | null
          property_id: string
          updated_at: string
          updated_by: string | null
          wifi_name: string | null
          wifi_password: string | null
        }
        Insert: {
          access_notes?: string
          alarm_code?: string | null
          created_at?: string
          created_by?: string | null
          key_safe_code?: string | null
          property_id: string
          updated_at?: string
          updated_by?: string | null
          wifi_name?: string | null
          wifi_password?: string | null
        }
        Update: {
          access_notes?: string
          alarm_code?: string | null
          created_at?: string
          created_by?: string | null
          key_safe_code?: string | null
          property_id?: string
          updated_at?: string
          updated_by?: string | null
          wifi_name?: string | null
          wifi_password?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_access_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_access_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_access_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_cleaning_overrides: {
        Row: {
          cleaning_type_id: string
          id: string
          inspection_required: boolean | null
          minutes: number | null
          property_id: string
          template_id: string | null
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          cleaning_type_id: string
          id?: string
          inspection_required?: boolean | null
          minutes?: number | null
          property_id: string
          template_id?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          cleaning_type_id?: string
          id?: string
          inspection_required?: boolean | null
          minutes?: number | null
          property_id?: string
          template_id?: string | null
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_cleaning_overrides_cleaning_type_id_fkey"
            columns: ["cleaning_type_id"]
            isOneToOne: false
            referencedRelation: "cleaning_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_cleaning_overrides_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_cleaning_overrides_template_id_fkey"
            columns: ["template_id"]
            isOneToOne: false
            referencedRelation: "checklist_templates"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_cleaning_overrides_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_housekeeping: {
        Row: {
          default_housekeeper_id: string | null
          property_id: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          default_housekeeper_id?: string | null
          property_id: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          default_housekeeper_id?: string | null
          property_id?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_housekeeping_default_housekeeper_id_fkey"
            columns: ["default_housekeeper_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_housekeeping_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: true
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_housekeeping_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_ical_feeds: {
        Row: {
          active: boolean
          created_at: string
          created_by: string | null
          id: string
          label: string
          last_error: string | null
          last_report: Json | null
          last_status: string | null
          last_synced_at: string | null
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
          updated_at: string
          updated_by: string | null
          url: string
        }
        Insert: {
          active?: boolean
          created_at?: string
          created_by?: string | null
          id?: string
          label?: string
          last_error?: string | null
          last_report?: Json | null
          last_status?: string | null
          last_synced_at?: string | null
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
          updated_at?: string
          updated_by?: string | null
          url: string
        }
        Update: {
          active?: boolean
          created_at?: string
          created_by?: string | null
          id?: string
          label?: string
          last_error?: string | null
          last_report?: Json | null
          last_status?: string | null
          last_synced_at?: string | null
          property_id?: string
          source?: Database["public"]["Enums"]["reservation_source"]
          updated_at?: string
          updated_by?: string | null
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "property_ical_feeds_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_ical_feeds_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_ical_feeds_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      property_photos: {
        Row: {
          caption: string
          created_at: string
          created_by: string | null
          id: string
          is_cover: boolean
          position: number
          property_id: string
          storage_path: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          caption?: string
          created_at?: string
          created_by?: string | null
          id?: string
          is_cover?: boolean
          position?: number
          property_id: string
          storage_path: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          caption?: string
          created_at?: string
          created_by?: string | null
          id?: string
          is_cover?: boolean
          position?: number
          property_id?: string
          storage_path?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "property_photos_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_photos_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "property_photos_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      recurring_occurrences: {
        Row: {
          cleaning_task_id: string | null
          created_at: string
          day: string
          due_at: string
          id: string
          property_id: string
          schedule_id: string
          starts_at: string
          work_order_id: string | null
        }
        Insert: {
          cleaning_task_id?: string | null
          created_at?: string
          day: string
          due_at: string
          id?: string
          property_id: string
          schedule_id: string
          starts_at: string
          work_order_id?: string | null
        }
        Update: {
          cleaning_task_id?: string | null
          created_at?: string
          day?: string
          due_at?: string
          id?: string
          property_id?: string
          schedule_id?: string
          starts_at?: string
          work_order_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "recurring_occurrences_cleaning_task_id_fkey"
            columns: ["cleaning_task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_occurrences_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_occurrences_schedule_id_fkey"
            columns: ["schedule_id"]
            isOneToOne: false
            referencedRelation: "recurring_schedules"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_occurrences_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: false
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      recurring_schedule_properties: {
        Row: {
          created_at: string
          property_id: string
          schedule_id: string
        }
        Insert: {
          created_at?: string
          property_id: string
          schedule_id: string
        }
        Update: {
          created_at?: string
          property_id?: string
          schedule_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "recurring_schedule_properties_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_schedule_properties_schedule_id_fkey"
            columns: ["schedule_id"]
            isOneToOne: false
            referencedRelation: "recurring_schedules"
            referencedColumns: ["id"]
          },
        ]
      }
      recurring_schedules: {
        Row: {
          area: string | null
          category: Database["public"]["Enums"]["work_order_category"]
          checklist: Json
          cleaning_type_id: string | null
          created_at: string
          created_by: string | null
          default_assignee_id: string | null
          description: string
          ends_on: string | null
          horizon_days: number
          id: string
          kind: Database["public"]["Enums"]["recurring_kind"]
          paused_at: string | null
          priority: Database["public"]["Enums"]["work_order_priority"]
          rrule: string
          starts_on: string
          title: string
          updated_at: string
          updated_by: string | null
          window_end: string
          window_start: string
        }
        Insert: {
          area?: string | null
          category?: Database["public"]["Enums"]["work_order_category"]
          checklist?: Json
          cleaning_type_id?: string | null
          created_at?: string
          created_by?: string | null
          default_assignee_id?: string | null
          description?: string
          ends_on?: string | null
          horizon_days?: number
          id?: string
          kind: Database["public"]["Enums"]["recurring_kind"]
          paused_at?: string | null
          priority?: Database["public"]["Enums"]["work_order_priority"]
          rrule: string
          starts_on?: string
          title: string
          updated_at?: string
          updated_by?: string | null
          window_end?: string
          window_start?: string
        }
        Update: {
          area?: string | null
          category?: Database["public"]["Enums"]["work_order_category"]
          checklist?: Json
          cleaning_type_id?: string | null
          created_at?: string
          created_by?: string | null
          default_assignee_id?: string | null
          description?: string
          ends_on?: string | null
          horizon_days?: number
          id?: string
          kind?: Database["public"]["Enums"]["recurring_kind"]
          paused_at?: string | null
          priority?: Database["public"]["Enums"]["work_order_priority"]
          rrule?: string
          starts_on?: string
          title?: string
          updated_at?: string
          updated_by?: string | null
          window_end?: string
          window_start?: string
        }
        Relationships: [
          {
            foreignKeyName: "recurring_schedules_cleaning_type_id_fkey"
            columns: ["cleaning_type_id"]
            isOneToOne: false
            referencedRelation: "cleaning_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_schedules_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_schedules_default_assignee_id_fkey"
            columns: ["default_assignee_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_schedules_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      recurring_skips: {
        Row: {
          created_at: string
          created_by: string | null
          day: string
          schedule_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          day: string
          schedule_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          day?: string
          schedule_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "recurring_skips_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recurring_skips_schedule_id_fkey"
            columns: ["schedule_id"]
            isOneToOne: false
            referencedRelation: "recurring_schedules"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_import_conflicts: {
        Row: {
          check_in: string
          check_out: string
          conflicting_reservation_id: string | null
          detected_at: string
          external_uid: string
          guest_name: string
          id: string
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
        }
        Insert: {
          check_in: string
          check_out: string
          conflicting_reservation_id?: string | null
          detected_at?: string
          external_uid: string
          guest_name?: string
          id?: string
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
        }
        Update: {
          check_in?: string
          check_out?: string
          conflicting_reservation_id?: string | null
          detected_at?: string
          external_uid?: string
          guest_name?: string
          id?: string
          property_id?: string
          source?: Database["public"]["Enums"]["reservation_source"]
        }
        Relationships: [
          {
            foreignKeyName: "reservation_import_conflicts_conflicting_reservation_id_fkey"
            columns: ["conflicting_reservation_id"]
            isOneToOne: false
            referencedRelation: "reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_import_conflicts_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
        ]
      }
      reservations: {
        Row: {
          cancelled_at: string | null
          check_in: string
          check_out: string
          created_at: string
          created_by: string | null
          external_uid: string | null
          guest_name: string
          guests: number | null
          id: string
          notes: string
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
          status: Database["public"]["Enums"]["reservation_status"]
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          cancelled_at?: string | null
          check_in: string
          check_out: string
          created_at?: string
          created_by?: string | null
          external_uid?: string | null
          guest_name?: string
          guests?: number | null
          id?: string
          notes?: string
          property_id: string
          source?: Database["public"]["Enums"]["reservation_source"]
          status?: Database["public"]["Enums"]["reservation_status"]
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          cancelled_at?: string | null
          check_in?: string
          check_out?: string
          created_at?: string
          created_by?: string | null
          external_uid?: string | null
          guest_name?: string
          guests?: number | null
          id?: string
          notes?: string
          property_id?: string
          source?: Database["public"]["Enums"]["reservation_source"]
          status?: Database["public"]["Enums"]["reservation_status"]
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reservations_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservations_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservations_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      role_permissions: {
        Row: {
          created_at: string
          granted: boolean
          permission_key: string
          role_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          granted?: boolean
          permission_key: string
          role_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          granted?: boolean
          permission_key?: string
          role_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "role_permissions_permission_key_fkey"
            columns: ["permission_key"]
            isOneToOne: false
            referencedRelation: "permissions"
            referencedColumns: ["key"]
          },
          {
            foreignKeyName: "role_permissions_role_id_fkey"
            columns: ["role_id"]
            isOneToOne: false
            referencedRelation: "roles"
            referencedColumns: ["id"]
          },
        ]
      }
      roles: {
        Row: {
          created_at: string
          description: string
          id: string
          is_system: boolean
          name: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string
          id?: string
          is_system?: boolean
          name: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          id?: string
          is_system?: boolean
          name?: string
          updated_at?: string
        }
        Relationships: []
      }
      sync_mutations: {
        Row: {
          applied_at: string
          mutation_id: string
          operation: string
          row_key: string
          table_name: string
          user_id: string | null
        }
        Insert: {
          applied_at?: string
          mutation_id: string
          operation: string
          row_key: string
          table_name: string
          user_id?: string | null
        }
        Update: {
          applied_at?: string
          mutation_id?: string
          operation?: string
          row_key?: string
          table_name?: string
          user_id?: string | null
        }
        Relationships: []
      }
      system_settings: {
        Row: {
          allow_negative_stock: boolean
          company_name: string
          currency: string
          default_check_in_time: string
          default_check_out_time: string
          id: boolean
          support_email: string
          time_zone: string
          updated_at: string
          updated_by: string | null
          week_start: number
        }
        Insert: {
          allow_negative_stock?: boolean
          company_name?: string
          currency?: string
          default_check_in_time?: string
          default_check_out_time?: string
          id?: boolean
          support_email?: string
          time_zone?: string
          updated_at?: string
          updated_by?: string | null
          week_start?: number
        }
        Update: {
          allow_negative_stock?: boolean
          company_name?: string
          currency?: string
          default_check_in_time?: string
          default_check_out_time?: string
          id?: boolean
          support_email?: string
          time_zone?: string
          updated_at?: string
          updated_by?: string | null
          week_start?: number
        }
        Relationships: []
      }
      turnover_rules: {
        Row: {
          enabled: boolean
          fallback_window_hours: number
          flag_same_day: boolean
          id: boolean
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          enabled?: boolean
          fallback_window_hours?: number
          flag_same_day?: boolean
          id?: boolean
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          enabled?: boolean
          fallback_window_hours?: number
          flag_same_day?: boolean
          id?: boolean
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "turnover_rules_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      user_roles: {
        Row: {
          created_at: string
          role_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          role_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          role_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_roles_role_id_fkey"
            columns: ["role_id"]
            isOneToOne: false
            referencedRelation: "roles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_roles_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      web_vitals: {
        Row: {
          created_at: string
          id: number
          name: string
          page: string
          user_id: string
          value: number
        }
        Insert: {
          created_at?: string
          id?: never
          name: string
          page: string
          user_id?: string
          value: number
        }
        Update: {
          created_at?: string
          id?: never
          name?: string
          page?: string
          user_id?: string
          value?: number
        }
        Relationships: []
      }
      work_order_activity: {
        Row: {
          action: string
          actor_id: string | null
          at: string
          details: Json
          from_status: Database["public"]["Enums"]["work_order_status"] | null
          id: string
          to_status: Database["public"]["Enums"]["work_order_status"] | null
          work_order_id: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          at?: string
          details?: Json
          from_status?: Database["public"]["Enums"]["work_order_status"] | null
          id?: string
          to_status?: Database["public"]["Enums"]["work_order_status"] | null
          work_order_id: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          at?: string
          details?: Json
          from_status?: Database["public"]["Enums"]["work_order_status"] | null
          id?: string
          to_status?: Database["public"]["Enums"]["work_order_status"] | null
          work_order_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "work_order_activity_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_order_activity_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: false
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      work_order_comments: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          id: string
          work_order_id: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          id?: string
          work_order_id: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          id?: string
          work_order_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "work_order_comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_order_comments_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: false
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      work_order_photos: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          kind: Database["public"]["Enums"]["work_order_photo_kind"]
          storage_path: string
          work_order_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          kind?: Database["public"]["Enums"]["work_order_photo_kind"]
          storage_path: string
          work_order_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          kind?: Database["public"]["Enums"]["work_order_photo_kind"]
          storage_path?: string
          work_order_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "work_order_photos_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_order_photos_work_order_id_fkey"
            columns: ["work_order_id"]
            isOneToOne: false
            referencedRelation: "work_orders"
            referencedColumns: ["id"]
          },
        ]
      }
      work_orders: {
        Row: {
          assignee_id: string | null
          blocking: boolean
          category: Database["public"]["Enums"]["work_order_category"]
          checklist_item: string | null
          cleaning_task_id: string | null
          closed_at: string | null
          created_at: string
          created_by: string | null
          description: string
          due_at: string | null
          external_cost: number
          id: string
          labour_cost: number
          labour_minutes: number
          location: string
          parts_cost: number
          priority: Database["public"]["Enums"]["work_order_priority"]
          property_id: string
          recurring_schedule_id: string | null
          reporter_id: string | null
          resolution_notes: string
          resolved_at: string | null
          source: Database["public"]["Enums"]["work_order_source"]
          started_at: string | null
          status: Database["public"]["Enums"]["work_order_status"]
          title: string
          updated_at: string
          updated_by: string | null
          version: number
        }
        Insert: {
          assignee_id?: string | null
          blocking?: boolean
          category?: Database["public"]["Enums"]["work_order_category"]
          checklist_item?: string | null
          cleaning_task_id?: string | null
          closed_at?: string | null
          created_at?: string
          created_by?: string | null
          description?: string
          due_at?: string | null
          external_cost?: number
          id?: string
          labour_cost?: number
          labour_minutes?: number
          location?: string
          parts_cost?: number
          priority?: Database["public"]["Enums"]["work_order_priority"]
          property_id: string
          recurring_schedule_id?: string | null
          reporter_id?: string | null
          resolution_notes?: string
          resolved_at?: string | null
          source?: Database["public"]["Enums"]["work_order_source"]
          started_at?: string | null
          status?: Database["public"]["Enums"]["work_order_status"]
          title: string
          updated_at?: string
          updated_by?: string | null
          version?: number
        }
        Update: {
          assignee_id?: string | null
          blocking?: boolean
          category?: Database["public"]["Enums"]["work_order_category"]
          checklist_item?: string | null
          cleaning_task_id?: string | null
          closed_at?: string | null
          created_at?: string
          created_by?: string | null
          description?: string
          due_at?: string | null
          external_cost?: number
          id?: string
          labour_cost?: number
          labour_minutes?: number
          location?: string
          parts_cost?: number
          priority?: Database["public"]["Enums"]["work_order_priority"]
          property_id?: string
          recurring_schedule_id?: string | null
          reporter_id?: string | null
          resolution_notes?: string
          resolved_at?: string | null
          source?: Database["public"]["Enums"]["work_order_source"]
          started_at?: string | null
          status?: Database["public"]["Enums"]["work_order_status"]
          title?: string
          updated_at?: string
          updated_by?: string | null
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "work_orders_assignee_id_fkey"
            columns: ["assignee_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_cleaning_task_id_fkey"
            columns: ["cleaning_task_id"]
            isOneToOne: false
            referencedRelation: "cleaning_tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_property_id_fkey"
            columns: ["property_id"]
            isOneToOne: false
            referencedRelation: "properties"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_recurring_schedule_id_fkey"
            columns: ["recurring_schedule_id"]
            isOneToOne: false
            referencedRelation: "recurring_schedules"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "work_orders_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      admin_accounts: {
        Row: {
          created_at: string | null
          email: string | null
          full_name: string | null
          id: string | null
          last_sign_in_at: string | null
          roles: string[] | null
          status: string | null
        }

        Relationships: []
      }
      inventory_item_totals: {
        Row: {
          active: boolean | null
          barcode: string | null
          category: Database["public"]["Enums"]["inventory_category"] | null
          id: string | null
          low_places: number | null
          name: string | null
          on_hand: number | null
          pack_size: number | null
          places: number | null
          sku: string | null
          unit: string | null
          unit_cost: number | null
        }

        Relationships: []
      }
      inventory_low_stock: {
        Row: {
          category: Database["public"]["Enums"]["inventory_category"] | null
          id: string | null
          item_id: string | null
          item_name: string | null
          location_id: string | null
          location_kind:
            Database["public"]["Enums"]["inventory_location_kind"] | null
          on_hand: number | null
          pack_size: number | null
          par_level: number | null
          property_id: string | null
          reorder_threshold: number | null
          suggested_cost: number | null
          suggested_order: number | null
          unit: string | null
        }

        Relationships: []
      }
      property_overview: {
        Row: {
          address: string | null
          archived: boolean | null
          archived_at: string | null
          area: string | null
          bathrooms: number | null
          bedrooms: number | null
          code: string | null
          cover_photo_path: string | null
          created_at: string | null
          created_by: string | null
          guest_ready: boolean | null
          id: string | null
          latitude: number | null
          longitude: number | null
          max_guests: number | null
          name: string | null
          next_check_in: string | null
          next_check_out: string | null
          not_ready_due_at: string | null
          not_ready_reasons: string[] | null
          notes: string | null
          occupied: boolean | null
          owner_email: string | null
          owner_name: string | null
          owner_phone: string | null
          status: Database["public"]["Enums"]["property_status"] | null
          turnover_task_id: string | null
          type: Database["public"]["Enums"]["property_type"] | null
          updated_at: string | null
          updated_by: string | null
        }
        Insert: {
          address?: string | null
          archived?: boolean | null
          archived_at?: string | null
          area?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          code?: string | null
          cover_photo_path?: never
          created_at?: string | null
          created_by?: string | null
          guest_ready?: never
          id?: string | null
          latitude?: number | null
          longitude?: number | null
          max_guests?: number | null
          name?: string | null
          next_check_in?: never
          next_check_out?: never
          not_ready_due_at?: never
          not_ready_reasons?: never
          notes?: string | null
          occupied?: never
          owner_email?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          status?: Database["public"]["Enums"]["property_status"] | null
          turnover_task_id?: never
          type?: Database["public"]["Enums"]["property_type"] | null
          updated_at?: string | null
          updated_by?: string | null
        }
        Update: {
          address?: string | null
          archived?: boolean | null
          archived_at?: string | null
          area?: string | null
          bathrooms?: number | null
          bedrooms?: number | null
          code?: string | null
          cover_photo_path?: never
          created_at?: string | null
          created_by?: string | null
          guest_ready?: never
          id?: string | null
          latitude?: number | null
          longitude?: number | null
          max_guests?: number | null
          name?: string | null
          next_check_in?: never
          next_check_out?: never
          not_ready_due_at?: never
          not_ready_reasons?: never
          notes?: string | null
          occupied?: never
          owner_email?: string | null
          owner_name?: string | null
          owner_phone?: string | null
          status?: Database["public"]["Enums"]["property_status"] | null
          turnover_task_id?: never
          type?: Database["public"]["Enums"]["property_type"] | null
          updated_at?: string | null
          updated_by?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      admin_delete_user: { Args: { p_user: string }; Returns: string }
      admin_health: { Args: never; Returns: Json }
      admin_list_users: {
        Args: {
          p_desc?: boolean
          p_filter?: string
          p_limit?: number
          p_offset?: number
          p_search?: string
          p_sort?: string
        }
        Returns: Json
      }
      admin_note_account_created: {
        Args: { p_invited: boolean; p_user: string }
        Returns: undefined
      }
      admin_set_active: {
        Args: { p_active: boolean; p_user: string }
        Returns: undefined
      }
      admin_user_access: { Args: { p_user: string }; Returns: Json }
      admin_user_has_history: { Args: { p_user: string }; Returns: boolean }
      admin_waiting_count: { Args: never; Returns: number }
      analytics_cleans: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          cleans_done: number
          timed_cleans: number
          avg_minutes: number
          avg_estimated_minutes: number
        }[]
      }
      analytics_inspections: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          inspections: number
          passed: number
          sent_back: number
          pass_rate: number
        }[]
      }
      analytics_maintenance_cost: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          category: Database["public"]["Enums"]["work_order_category"]
          work_orders: number
          parts_cost: number
          labour_cost: number
          external_cost: number
          total_cost: number
        }[]
      }
      analytics_occupancy: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          nights: number
          occupied_nights: number
          occupancy_rate: number
          turnovers: number
        }[]
      }
      analytics_stock: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          quantity: number
          cost: number
          stays: number
          cost_per_stay: number
        }[]
      }
      analytics_turnovers: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          property_id: string
          property_code: string
          property_name: string
          turnovers: number
          on_time: number
          late: number
          on_time_rate: number
        }[]
      }
      analytics_work_orders: {
        Args: {
          p_area?: string
          p_cleaning_type?: string
          p_from: string
          p_person?: string
          p_property?: string
          p_to: string
        }
        Returns: {
          period: string
          priority: Database["public"]["Enums"]["work_order_priority"]
          opened: number
          resolved: number
          mean_hours_to_resolve: number
          backlog: number
          backlog_0_7_days: number
          backlog_8_30_days: number
          backlog_31_90_days: number
          backlog_over_90_days: number
        }[]
      }
      answer_checklist_item: {
        Args: {
          answered_at?: string
          flagged?: boolean
          item_id: string
          note?: string
          task_id: string
          value: Json
        }
        Returns: {
          answered_at: string
          answered_by: string | null
          failed: boolean
          flagged: boolean
          id: string
          item_id: string
          note: string
          out_of_range: boolean
          task_id: string
          updated_at: string
          value: Json | null
        }
        SetofOptions: {
          from: "*"
          to: "cleaning_task_answers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      audit_write: {
        Args: {
          p_action: string
          p_after: Json
          p_before: Json
          p_entity: string
          p_entity_id: string
          p_subject: string
        }
        Returns: undefined
      }
      company_time_zone: { Args: never; Returns: string }
      create_channel: {
        Args: { is_private?: boolean; member_ids?: string[]; name: string }
        Returns: {
          archived_at: string | null
          clean_id: string | null
          created_at: string
          created_by: string | null
          id: string
          kind: Database["public"]["Enums"]["conversation_kind"]
          last_message_at: string | null
          member_key: string | null
          name: string | null
          private: boolean
          property_id: string | null
          updated_at: string
          work_order_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "conversations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      custom_permissions_map: { Args: { uid: string }; Returns: Json }
      default_check_in_time: { Args: never; Returns: string }
      default_check_out_time: { Args: never; Returns: string }
      generate_recurring: {
        Args: { p_schedule?: string; p_until?: string }
        Returns: number
      }
      has_permission: { Args: { permission_key: string }; Returns: boolean }
      has_role: { Args: { role_name: string }; Returns: boolean }
      import_reservations: {
        Args: {
          events: Json
          full_sync?: boolean
          property_id: string
          source: Database["public"]["Enums"]["reservation_source"]
        }
        Returns: Json
      }
      inventory_adjust: {
        Args: {
          item_id: string
          location_id: string
          occurred_at?: string
          quantity: number
          reason: string
        }
        Returns: Json
      }
      inventory_consume: {
        Args: {
          clean_id?: string
          item_id: string
          location_id: string
          occurred_at?: string
          quantity: number
          reason?: string
          work_order_id?: string
        }
        Returns: Json
      }
      inventory_count: {
        Args: {
          counted_quantity: number
          item_id: string
          location_id: string
          occurred_at?: string
          reason?: string
        }
        Returns: Json
      }
      inventory_pick_list: {
        Args: { from_day: string; to_day: string; villa_id?: string }
        Returns: {
          property_id: string
          item_id: string
          cleans: number
          needed: number
          above_par: number
          quantity: number
        }[]
      }
      inventory_receive: {
        Args: {
          item_id: string
          location_id: string
          occurred_at?: string
          quantity: number
          reason?: string
        }
        Returns: Json
      }
      inventory_set_par: {
        Args: {
          item_id: string
          location_id: string
          par_level: number
          reorder_threshold: number
        }
        Returns: {
          id: string
          item_id: string
          location_id: string
          negative: boolean
          on_hand: number
          par_level: number
          reorder_threshold: number
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "inventory_stock"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      inventory_transfer: {
        Args: {
          from_location_id: string
          item_id: string
          occurred_at?: string
          quantity: number
          reason?: string
          to_location_id: string
        }
        Returns: Json
      }
      inventory_transfer_batch: {
        Args: { occurred_at?: string; reason?: string; transfers: Json }
        Returns: Json
      }
      is_admin: { Args: never; Returns: boolean }
      is_manager_or_admin: { Args: never; Returns: boolean }
      mark_notifications_read: {
        Args: { notification_ids?: string[] }
        Returns: number
      }
      mark_read: {
        Args: { conversation_id: string; message_id?: string }
        Returns: string
      }
      my_permissions: { Args: never; Returns: string[] }
      my_work_order_areas: { Args: never; Returns: string[] }
      my_work_orders: {
        Args: { include_unassigned?: boolean }
        Returns: {
          assignee_id: string | null
          blocking: boolean
          category: Database["public"]["Enums"]["work_order_category"]
          checklist_item: string | null
          cleaning_task_id: string | null
          closed_at: string | null
          created_at: string
          created_by: string | null
          description: string
          due_at: string | null
          external_cost: number
          id: string
          labour_cost: number
          labour_minutes: number
          location: string
          parts_cost: number
          priority: Database["public"]["Enums"]["work_order_priority"]
          property_id: string
          recurring_schedule_id: string | null
          reporter_id: string | null
          resolution_notes: string
          resolved_at: string | null
          source: Database["public"]["Enums"]["work_order_source"]
          started_at: string | null
          status: Database["public"]["Enums"]["work_order_status"]
          title: string
          updated_at: string
          updated_by: string | null
          version: number
        }[]
        SetofOptions: {
          from: "*"
          to: "work_orders"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      open_thread: {
        Args: { clean_id?: string; work_order_id?: string }
        Returns: {
          archived_at: string | null
          clean_id: string | null
          created_at: string
          created_by: string | null
          id: string
          kind: Database["public"]["Enums"]["conversation_kind"]
          last_message_at: string | null
          member_key: string | null
          name: string | null
          private: boolean
          property_id: string | null
          updated_at: string
          work_order_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "conversations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      other_active_admin_exists: {
        Args: { except_user: string }
        Returns: boolean
      }
      property_has_history: { Args: { property_id: string }; Returns: boolean }
      property_readiness: {
        Args: { property_id: string }
        Returns: { ready: boolean; reasons: string[] }[]
      }
      record_checklist_photo: {
        Args: {
          bytes: number
          item_id: string
          photo_id: string
          sha256: string
          storage_path: string
          task_id: string
        }
        Returns: {
          bytes: number
          created_at: string
          created_by: string | null
          id: string
          item_id: string
          sha256: string
          storage_path: string
          task_id: string
        }
        SetofOptions: {
          from: "*"
          to: "cleaning_task_photos"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      remove_checklist_photo: { Args: { photo_id: string }; Returns: boolean }
      require_permission: {
        Args: { permission_key: string }
        Returns: undefined
      }
      reservation_slot_lock: {
        Args: { property_id: string }
        Returns: undefined
      }
      search_messages: {
        Args: { max_rows?: number; person?: string; q?: string; villa?: string }
        Returns: {
          attachments: Json
          author_id: string | null
          body: string
          conversation_id: string
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          edited_at: string | null
          id: string
          mentions: string[]
          mutation_id: string | null
          reply_to: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      send_message: {
        Args: {
          attachments?: Json
          body?: string
          conversation_id: string
          mentions?: string[]
          mutation_id?: string
          reply_to?: string
        }
        Returns: {
          attachments: Json
          author_id: string | null
          body: string
          conversation_id: string
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          edited_at: string | null
          id: string
          mentions: string[]
          mutation_id: string | null
          reply_to: string | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_directory: {
        Args: never
        Returns: {
          id: string
          full_name: string
          avatar_url: string
          roles: string[]
        }[]
      }
      start_direct: {
        Args: { name?: string; user_ids: string[] }
        Returns: {
          archived_at: string | null
          clean_id: string | null
          created_at: string
          created_by: string | null
          id: string
          kind: Database["public"]["Enums"]["conversation_kind"]
          last_message_at: string | null
          member_key: string | null
          name: string | null
          private: boolean
          property_id: string | null
          updated_at: string
          work_order_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "conversations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      take_work_order: {
        Args: {
          assignee_id?: string
          from_version: number
          work_order_id: string
        }
        Returns: {
          assignee_id: string | null
          blocking: boolean
          category: Database["public"]["Enums"]["work_order_category"]
          checklist_item: string | null
          cleaning_task_id: string | null
          closed_at: string | null
          created_at: string
          created_by: string | null
          description: string
          due_at: string | null
          external_cost: number
          id: string
          labour_cost: number
          labour_minutes: number
          location: string
          parts_cost: number
          priority: Database["public"]["Enums"]["work_order_priority"]
          property_id: string
          recurring_schedule_id: string | null
          reporter_id: string | null
          resolution_notes: string
          resolved_at: string | null
          source: Database["public"]["Enums"]["work_order_source"]
          started_at: string | null
          status: Database["public"]["Enums"]["work_order_status"]
          title: string
          updated_at: string
          updated_by: string | null
          version: number
        }
        SetofOptions: {
          from: "*"
          to: "work_orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      transition_cleaning_task: {
        Args: {
          from_version: number
          note?: string
          task_id: string
          to_status: Database["public"]["Enums"]["cleaning_task_status"]
        }
        Returns: {
          checklist_version_id: string | null
          cleaning_type_id: string
          created_at: string
          created_by: string | null
          day: string
          due_at: string
          estimated_minutes: number
          finished_at: string | null
          flag_reason: string | null
          flagged: boolean
          guests_arriving: number | null
          id: string
          inspected_at: string | null
          inspected_by: string | null
          inspection_note: string
          inspection_required: boolean
          items_done: number
          items_total: number
          next_check_in: string | null
          notes: string
          photos_count: number
          priority: Database["public"]["Enums"]["cleaning_task_priority"]
          property_id: string
          recurring_schedule_id: string | null
          same_day: boolean
          started_at: string | null
          status: Database["public"]["Enums"]["cleaning_task_status"]
          turnover_for: string | null
          updated_at: string
          updated_by: string | null
          version: number
          window_start: string
        }
        SetofOptions: {
          from: "*"
          to: "cleaning_tasks"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      transition_work_order: {
        Args: {
          assignee_id?: string
          from_version: number
          note?: string
          to_status: Database["public"]["Enums"]["work_order_status"]
          work_order_id: string
        }
        Returns: {
          assignee_id: string | null
          blocking: boolean
          category: Database["public"]["Enums"]["work_order_category"]
          checklist_item: string | null
          cleaning_task_id: string | null
          closed_at: string | null
          created_at: string
          created_by: string | null
          description: string
          due_at: string | null
          external_cost: number
          id: string
          labour_cost: number
          labour_minutes: number
          location: string
          parts_cost: number
          priority: Database["public"]["Enums"]["work_order_priority"]
          property_id: string
          recurring_schedule_id: string | null
          reporter_id: string | null
          resolution_notes: string
          resolved_at: string | null
          source: Database["public"]["Enums"]["work_order_source"]
          started_at: string | null
          status: Database["public"]["Enums"]["work_order_status"]
          title: string
          updated_at: string
          updated_by: string | null
          version: number
        }
        SetofOptions: {
          from: "*"
          to: "work_orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      unread_counts: {
        Args: never
        Returns: {
          conversation_id: string
          unread: number
          mentions: number
          last_message_at: string
          last_read_at: string
        }[]
      }
      user_has_history: { Args: { p_user: string }; Returns: boolean }
      user_permissions: { Args: { uid?: string }; Returns: string[] }
    }
    Enums: {
      chat_member_role: "member" | "moderator"
      chat_notify: "all" | "mentions" | "none"
      cleaning_task_priority: "low" | "normal" | "high" | "urgent"
      cleaning_task_status:
        | "scheduled"
        | "in_progress"
        | "done"
        | "inspected"
        | "skipped"
        | "cancelled"
      conversation_kind: "channel" | "villa" | "direct" | "group" | "thread"
      inventory_category:
        | "linen"
        | "amenities"
        | "cleaning_supplies"
        | "consumables"
        | "spare_parts"
      inventory_consumption_basis: "per_guest" | "per_bedroom" | "per_stay"
      inventory_location_kind: "warehouse" | "van" | "property"
      inventory_movement_kind:
        | "receive"
        | "transfer_out"
        | "transfer_in"
        | "consume"
        | "adjust"
        | "count"
      notification_kind:
        | "work_order_urgent"
        | "work_order_assigned"
        | "clean_assigned"
        | "clean_moved"
        | "clean_sent_back"
      property_status: "active" | "inactive"
      property_type: "villa" | "house" | "apartment" | "suite" | "studio"
      recurring_kind: "clean" | "work_order"
      reservation_source: "direct" | "airbnb" | "booking" | "vrbo" | "other"
      reservation_status: "confirmed" | "cancelled"
      work_order_category:
        | "plumbing"
        | "electrical"
        | "pool"
        | "ac"
        | "appliance"
        | "structure"
        | "garden"
        | "pest"
        | "other"
      work_order_photo_kind: "before" | "after"
      work_order_priority: "low" | "medium" | "high" | "urgent"
      work_order_source:
        "reported" | "checklist_item" | "recurring" | "guest_complaint"
      work_order_status:
        "open" | "assigned" | "in_progress" | "on_hold" | "resolved" | "closed"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      chat_member_role: ["member", "moderator"],
      chat_notify: ["all", "mentions", "none"],
      cleaning_task_priority: ["low", "normal", "high", "urgent"],
      cleaning_task_status: [
        "scheduled",
        "in_progress",
        "done",
        "inspected",
        "skipped",
        "cancelled",
      ],
      conversation_kind: ["channel", "villa", "direct", "group", "thread"],
      inventory_category: [
        "linen",
        "amenities",
        "cleaning_supplies",
        "consumables",
        "spare_parts",
      ],
      inventory_consumption_basis: ["per_guest", "per_bedroom", "per_stay"],
      inventory_location_kind: ["warehouse", "van", "property"],
      inventory_movement_kind: [
        "receive",
        "transfer_out",
        "transfer_in",
        "consume",
        "adjust",
        "count",
      ],
      notification_kind: [
        "work_order_urgent",
        "work_order_assigned",
        "clean_assigned",
        "clean_moved",
        "clean_sent_back",
      ],
      property_status: ["active", "inactive"],
      property_type: ["villa", "house", "apartment", "suite", "studio"],
      recurring_kind: ["clean", "work_order"],
      reservation_source: ["direct", "airbnb", "booking", "vrbo", "other"],
      reservation_status: ["confirmed", "cancelled"],
      work_order_category: [
        "plumbing",
        "electrical",
        "pool",
        "ac",
        "appliance",
        "structure",
        "garden",
        "pest",
        "other",
      ],
      work_order_photo_kind: ["before", "after"],
      work_order_priority: ["low", "medium", "high", "urgent"],
      work_order_source: [
        "reported",
        "checklist_item",
        "recurring",
        "guest_complaint",
      ],
      work_order_status: [
        "open",
        "assigned",
        "in_progress",
        "on_hold",
        "resolved",
        "closed",
      ],
    },
  },
} as const
