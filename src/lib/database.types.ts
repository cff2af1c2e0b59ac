export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      accounts_payable: {
        Row: {
          amount: number;
          approval_decided_at: string | null;
          approval_decided_by: string | null;
          approval_reason: string | null;
          approval_status: string;
          bank_account_id: string | null;
          boleto_code: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_date: string | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          supplier_id: string | null;
          supplier_name: string | null;
          updated_at: string;
        };
        Insert: {
          amount: number;
          approval_decided_at?: string | null;
          approval_decided_by?: string | null;
          approval_reason?: string | null;
          approval_status?: string;
          bank_account_id?: string | null;
          boleto_code?: string | null;
          category_id?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          description: string;
          discount_amount?: number;
          due_date: string;
          fine_amount?: number;
          has_comprovante?: boolean;
          id?: string;
          import_batch_id?: string | null;
          installment_count?: number | null;
          installment_number?: number | null;
          interest_amount?: number;
          nfe_key?: string | null;
          notes?: string | null;
          open_amount?: never;
          paid_amount?: number;
          paid_total?: never;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payment_date?: string | null;
          payment_method?: string | null;
          pix_code?: string | null;
          project_id?: string | null;
          search_key?: never;
          series_id?: string | null;
          series_kind?: string | null;
          stage_id?: string | null;
          status?: string;
          supplier_id?: string | null;
          supplier_name?: string | null;
          updated_at?: string;
        };
        Update: {
          amount?: number;
          approval_decided_at?: string | null;
          approval_decided_by?: string | null;
          approval_reason?: string | null;
          approval_status?: string;
          bank_account_id?: string | null;
          boleto_code?: string | null;
          category_id?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          description?: string;
          discount_amount?: number;
          due_date?: string;
          fine_amount?: number;
          has_comprovante?: boolean;
          id?: string;
          import_batch_id?: string | null;
          installment_count?: number | null;
          installment_number?: number | null;
          interest_amount?: number;
          nfe_key?: string | null;
          notes?: string | null;
          open_amount?: never;
          paid_amount?: number;
          paid_total?: never;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payment_date?: string | null;
          payment_method?: string | null;
          pix_code?: string | null;
          project_id?: string | null;
          search_key?: never;
          series_id?: string | null;
          series_kind?: string | null;
          stage_id?: string | null;
          status?: string;
          supplier_id?: string | null;
          supplier_name?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'accounts_payable_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_payable_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_payable_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'accounts_payable_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_payable_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_payable_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_payable_stage_fkey';
            columns: ['company_id', 'project_id', 'stage_id'];
            referencedRelation: 'project_stages';
            referencedColumns: ['company_id', 'project_id', 'id'];
          },
        ];
      };
      accounts_receivable: {
        Row: {
          amount: number;
          bank_account_id: string | null;
          category_id: string | null;
          client_id: string | null;
          client_name: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          project_id: string | null;
          received_date: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          updated_at: string;
        };
        Insert: {
          amount: number;
          bank_account_id?: string | null;
          category_id?: string | null;
          client_id?: string | null;
          client_name?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          description: string;
          discount_amount?: number;
          due_date: string;
          fine_amount?: number;
          has_comprovante?: boolean;
          id?: string;
          import_batch_id?: string | null;
          installment_count?: number | null;
          installment_number?: number | null;
          interest_amount?: number;
          notes?: string | null;
          open_amount?: never;
          paid_amount?: number;
          paid_total?: never;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payment_method?: string | null;
          project_id?: string | null;
          received_date?: string | null;
          search_key?: never;
          series_id?: string | null;
          series_kind?: string | null;
          stage_id?: string | null;
          status?: string;
          updated_at?: string;
        };
        Update: {
          amount?: number;
          bank_account_id?: string | null;
          category_id?: string | null;
          client_id?: string | null;
          client_name?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          description?: string;
          discount_amount?: number;
          due_date?: string;
          fine_amount?: number;
          has_comprovante?: boolean;
          id?: string;
          import_batch_id?: string | null;
          installment_count?: number | null;
          installment_number?: number | null;
          interest_amount?: number;
          notes?: string | null;
          open_amount?: never;
          paid_amount?: number;
          paid_total?: never;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payment_method?: string | null;
          project_id?: string | null;
          received_date?: string | null;
          search_key?: never;
          series_id?: string | null;
          series_kind?: string | null;
          stage_id?: string | null;
          status?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'accounts_receivable_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_receivable_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_receivable_company_id_client_id_fkey';
            columns: ['company_id', 'client_id'];
            referencedRelation: 'clients';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_receivable_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'accounts_receivable_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_receivable_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'accounts_receivable_stage_fkey';
            columns: ['company_id', 'project_id', 'stage_id'];
            referencedRelation: 'project_stages';
            referencedColumns: ['company_id', 'project_id', 'id'];
          },
        ];
      };
      audit_log: {
        Row: {
          action: string;
          actor: string | null;
          actor_email: string | null;
          actor_name: string | null;
          at: string;
          changed: NonNullable<Json>;
          company_id: string;
          id: number;
          row_id: string;
          table_name: string;
        };
        Insert: {
          action: string;
          actor?: string | null;
          actor_email?: string | null;
          actor_name?: string | null;
          at?: string;
          changed?: NonNullable<Json>;
          company_id: string;
          id?: never;
          row_id: string;
          table_name: string;
        };
        Update: {
          action?: string;
          actor?: string | null;
          actor_email?: string | null;
          actor_name?: string | null;
          at?: string;
          changed?: NonNullable<Json>;
          company_id?: string;
          id?: never;
          row_id?: string;
          table_name?: string;
        };
        Relationships: [];
      };
      bank_accounts: {
        Row: {
          account_number: string | null;
          agency: string | null;
          alias: string | null;
          color: string;
          company_id: string;
          created_at: string;
          current_balance: number;
          id: string;
          initial_balance: number;
          is_active: boolean;
          name: string;
          type: string;
          updated_at: string;
        };
        Insert: {
          account_number?: string | null;
          agency?: string | null;
          alias?: string | null;
          color?: string;
          company_id: string;
          created_at?: string;
          current_balance?: number;
          id?: string;
          initial_balance?: number;
          is_active?: boolean;
          name: string;
          type: string;
          updated_at?: string;
        };
        Update: {
          account_number?: string | null;
          agency?: string | null;
          alias?: string | null;
          color?: string;
          company_id?: string;
          created_at?: string;
          current_balance?: number;
          id?: string;
          initial_balance?: number;
          is_active?: boolean;
          name?: string;
          type?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'bank_accounts_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      bank_statement_lines: {
        Row: {
          amount: number;
          bank_account_id: string;
          company_id: string;
          created_at: string;
          created_entry_id: string | null;
          fitid: string;
          fitid_conflict: boolean;
          id: string;
          ignore_reason: string | null;
          matched_transaction_id: string | null;
          memo: string;
          posted_on: string;
          resolution: string | null;
          resolved_at: string | null;
          resolved_by: string | null;
          statement_id: string;
          status: string;
          trn_type: string | null;
        };
        Insert: {
          amount: number;
          bank_account_id: string;
          company_id: string;
          created_at?: string;
          created_entry_id?: string | null;
          fitid: string;
          fitid_conflict?: boolean;
          id?: string;
          ignore_reason?: string | null;
          matched_transaction_id?: string | null;
          memo?: string;
          posted_on: string;
          resolution?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          statement_id: string;
          status?: string;
          trn_type?: string | null;
        };
        Update: {
          amount?: number;
          bank_account_id?: string;
          company_id?: string;
          created_at?: string;
          created_entry_id?: string | null;
          fitid?: string;
          fitid_conflict?: boolean;
          id?: string;
          ignore_reason?: string | null;
          matched_transaction_id?: string | null;
          memo?: string;
          posted_on?: string;
          resolution?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          statement_id?: string;
          status?: string;
          trn_type?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'bank_statement_lines_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'bank_statement_lines_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'bank_statement_lines_company_id_statement_id_fkey';
            columns: ['company_id', 'statement_id'];
            referencedRelation: 'bank_statements';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'bank_statement_lines_matched_transaction_id_fkey';
            columns: ['matched_transaction_id'];
            referencedRelation: 'entry_payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'bank_statement_lines_matched_transaction_id_fkey';
            columns: ['matched_transaction_id'];
            referencedRelation: 'standing_transactions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'bank_statement_lines_matched_transaction_id_fkey';
            columns: ['matched_transaction_id'];
            referencedRelation: 'transactions';
            referencedColumns: ['id'];
          },
        ];
      };
      bank_statements: {
        Row: {
          account_ref: string | null;
          bank_account_id: string;
          bank_id: string | null;
          company_id: string;
          conflict_line_count: number;
          created_at: string;
          end_date: string;
          file_name: string | null;
          id: string;
          imported_by: string | null;
          ledger_balance: number | null;
          line_count: number;
          new_line_count: number;
          source: string;
          start_date: string;
        };
        Insert: {
          account_ref?: string | null;
          bank_account_id: string;
          bank_id?: string | null;
          company_id: string;
          conflict_line_count?: number;
          created_at?: string;
          end_date: string;
          file_name?: string | null;
          id?: string;
          imported_by?: string | null;
          ledger_balance?: number | null;
          line_count?: number;
          new_line_count?: number;
          source: string;
          start_date: string;
        };
        Update: {
          account_ref?: string | null;
          bank_account_id?: string;
          bank_id?: string | null;
          company_id?: string;
          conflict_line_count?: number;
          created_at?: string;
          end_date?: string;
          file_name?: string | null;
          id?: string;
          imported_by?: string | null;
          ledger_balance?: number | null;
          line_count?: number;
          new_line_count?: number;
          source?: string;
          start_date?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'bank_statements_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'bank_statements_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      categories: {
        Row: {
          color: string;
          company_id: string;
          created_at: string;
          description: string | null;
          dre_group: string;
          id: string;
          import_batch_id: string | null;
          is_active: boolean;
          name: string;
          type: string;
          updated_at: string;
        };
        Insert: {
          color?: string;
          company_id: string;
          created_at?: string;
          description?: string | null;
          dre_group?: string;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name: string;
          type: string;
          updated_at?: string;
        };
        Update: {
          color?: string;
          company_id?: string;
          created_at?: string;
          description?: string | null;
          dre_group?: string;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name?: string;
          type?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'categories_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'categories_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      clients: {
        Row: {
          address: string | null;
          company_id: string;
          created_at: string;
          document: string | null;
          email: string | null;
          id: string;
          import_batch_id: string | null;
          is_active: boolean;
          name: string;
          notes: string | null;
          phone: string | null;
          updated_at: string;
        };
        Insert: {
          address?: string | null;
          company_id: string;
          created_at?: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name: string;
          notes?: string | null;
          phone?: string | null;
          updated_at?: string;
        };
        Update: {
          address?: string | null;
          company_id?: string;
          created_at?: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name?: string;
          notes?: string | null;
          phone?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'clients_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'clients_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      companies: {
        Row: {
          address: string | null;
          approval_threshold: number;
          city: string | null;
          created_at: string;
          created_by: string;
          document: string | null;
          email: string | null;
          id: string;
          name: string;
          phone: string | null;
          state: string | null;
          updated_at: string;
          zip_code: string | null;
        };
        Insert: {
          address?: string | null;
          approval_threshold?: number;
          city?: string | null;
          created_at?: string;
          created_by: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          name: string;
          phone?: string | null;
          state?: string | null;
          updated_at?: string;
          zip_code?: string | null;
        };
        Update: {
          address?: string | null;
          approval_threshold?: number;
          city?: string | null;
          created_at?: string;
          created_by?: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          name?: string;
          phone?: string | null;
          state?: string | null;
          updated_at?: string;
          zip_code?: string | null;
        };
        Relationships: [];
      };
      company_invitations: {
        Row: {
          accepted_at: string | null;
          accepted_by: string | null;
          company_id: string;
          created_at: string;
          email: string;
          expires_at: string;
          id: string;
          invited_by: string;
          project_ids: string[];
          revoked_at: string | null;
          role: string;
          token_hash: string;
        };
        Insert: {
          accepted_at?: string | null;
          accepted_by?: string | null;
          company_id: string;
          created_at?: string;
          email: string;
          expires_at?: string;
          id?: string;
          invited_by?: string;
          project_ids?: string[];
          revoked_at?: string | null;
          role?: string;
          token_hash?: string;
        };
        Update: {
          accepted_at?: string | null;
          accepted_by?: string | null;
          company_id?: string;
          created_at?: string;
          email?: string;
          expires_at?: string;
          id?: string;
          invited_by?: string;
          project_ids?: string[];
          revoked_at?: string | null;
          role?: string;
          token_hash?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'company_invitations_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      documents: {
        Row: {
          company_id: string;
          entry_id: string | null;
          id: string;
          kind: string;
          mime: string;
          original_name: string;
          payable_id: string | null;
          payment_id: string | null;
          project_id: string | null;
          receivable_id: string | null;
          sha256: string;
          size_bytes: number;
          statement_line_id: string | null;
          storage_path: string;
          uploaded_at: string;
          uploaded_by: string | null;
        };
        Insert: {
          company_id: string;
          entry_id?: never;
          id?: string;
          kind?: string;
          mime: string;
          original_name: string;
          payable_id?: string | null;
          payment_id?: string | null;
          project_id?: string | null;
          receivable_id?: string | null;
          sha256: string;
          size_bytes: number;
          statement_line_id?: string | null;
          storage_path: string;
          uploaded_at?: string;
          uploaded_by?: string | null;
        };
        Update: {
          company_id?: string;
          entry_id?: never;
          id?: string;
          kind?: string;
          mime?: string;
          original_name?: string;
          payable_id?: string | null;
          payment_id?: string | null;
          project_id?: string | null;
          receivable_id?: string | null;
          sha256?: string;
          size_bytes?: number;
          statement_line_id?: string | null;
          storage_path?: string;
          uploaded_at?: string;
          uploaded_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'documents_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'documents_company_id_payable_id_fkey';
            columns: ['company_id', 'payable_id'];
            referencedRelation: 'accounts_payable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'documents_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'documents_company_id_receivable_id_fkey';
            columns: ['company_id', 'receivable_id'];
            referencedRelation: 'accounts_receivable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'documents_company_id_statement_line_id_fkey';
            columns: ['company_id', 'statement_line_id'];
            referencedRelation: 'bank_statement_lines';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'documents_payment_id_fkey';
            columns: ['payment_id'];
            referencedRelation: 'entry_payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'documents_payment_id_fkey';
            columns: ['payment_id'];
            referencedRelation: 'standing_transactions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'documents_payment_id_fkey';
            columns: ['payment_id'];
            referencedRelation: 'transactions';
            referencedColumns: ['id'];
          },
        ];
      };
      import_batches: {
        Row: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          file_name: string;
          id: string;
          kind: string;
          row_count: number;
          undone_at: string | null;
          undone_by: string | null;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          file_name: string;
          id?: string;
          kind: string;
          row_count: number;
          undone_at?: string | null;
          undone_by?: string | null;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          file_name?: string;
          id?: string;
          kind?: string;
          row_count?: number;
          undone_at?: string | null;
          undone_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'import_batches_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      import_mappings: {
        Row: {
          company_id: string;
          id: string;
          kind: string;
          mapping: NonNullable<Json>;
          updated_at: string;
          updated_by: string | null;
        };
        Insert: {
          company_id: string;
          id?: string;
          kind: string;
          mapping?: NonNullable<Json>;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          company_id?: string;
          id?: string;
          kind?: string;
          mapping?: NonNullable<Json>;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'import_mappings_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      notice_deliveries: {
        Row: {
          attempts: number;
          channel: string;
          company_id: string;
          created_at: string;
          event_key: string;
          id: string;
          kind: string;
          last_error: string | null;
          locked_until: string | null;
          next_attempt_at: string;
          notice_id: string | null;
          sent_at: string | null;
          status: string;
          subscription_id: string | null;
          user_id: string;
        };
        Insert: {
          attempts?: number;
          channel: string;
          company_id: string;
          created_at?: string;
          event_key: string;
          id?: string;
          kind: string;
          last_error?: string | null;
          locked_until?: string | null;
          next_attempt_at?: string;
          notice_id?: string | null;
          sent_at?: string | null;
          status?: string;
          subscription_id?: string | null;
          user_id: string;
        };
        Update: {
          attempts?: number;
          channel?: string;
          company_id?: string;
          created_at?: string;
          event_key?: string;
          id?: string;
          kind?: string;
          last_error?: string | null;
          locked_until?: string | null;
          next_attempt_at?: string;
          notice_id?: string | null;
          sent_at?: string | null;
          status?: string;
          subscription_id?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notice_deliveries_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notice_deliveries_notice_id_fkey';
            columns: ['notice_id'];
            referencedRelation: 'notices';
            referencedColumns: ['id'];
          },
        ];
      };
      notice_settings: {
        Row: {
          company_id: string;
          email: boolean;
          enabled: boolean;
          id: string;
          kind: string;
          push: boolean;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          company_id: string;
          email: boolean;
          enabled: boolean;
          id?: string;
          kind: string;
          push: boolean;
          updated_at?: string;
          user_id?: string;
        };
        Update: {
          company_id?: string;
          email?: boolean;
          enabled?: boolean;
          id?: string;
          kind?: string;
          push?: boolean;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notice_settings_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      notices: {
        Row: {
          body: string | null;
          company_id: string;
          created_at: string;
          entry_id: string | null;
          entry_kind: string | null;
          event_key: string;
          id: string;
          kind: string;
          link: string;
          read_at: string | null;
          title: string;
          user_id: string;
        };
        Insert: {
          body?: string | null;
          company_id: string;
          created_at?: string;
          entry_id?: string | null;
          entry_kind?: string | null;
          event_key: string;
          id?: string;
          kind: string;
          link: string;
          read_at?: string | null;
          title: string;
          user_id: string;
        };
        Update: {
          body?: string | null;
          company_id?: string;
          created_at?: string;
          entry_id?: string | null;
          entry_kind?: string | null;
          event_key?: string;
          id?: string;
          kind?: string;
          link?: string;
          read_at?: string | null;
          title?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notices_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      project_access: {
        Row: {
          company_id: string;
          created_at: string;
          created_by: string | null;
          id: string;
          project_id: string;
          user_id: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          id?: string;
          project_id: string;
          user_id: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          id?: string;
          project_id?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'project_access_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'project_access_project_id_fkey';
            columns: ['project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['id'];
          },
        ];
      };
      project_stages: {
        Row: {
          actual_cost: number | null;
          company_id: string;
          completion_date: string | null;
          created_at: string;
          description: string | null;
          estimated_cost: number | null;
          id: string;
          is_completed: boolean;
          name: string;
          notes: string | null;
          order_index: number;
          project_id: string;
          updated_at: string;
        };
        Insert: {
          actual_cost?: number | null;
          company_id: string;
          completion_date?: string | null;
          created_at?: string;
          description?: string | null;
          estimated_cost?: number | null;
          id?: string;
          is_completed?: boolean;
          name: string;
          notes?: string | null;
          order_index?: number;
          project_id: string;
          updated_at?: string;
        };
        Update: {
          actual_cost?: number | null;
          company_id?: string;
          completion_date?: string | null;
          created_at?: string;
          description?: string | null;
          estimated_cost?: number | null;
          id?: string;
          is_completed?: boolean;
          name?: string;
          notes?: string | null;
          order_index?: number;
          project_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'project_stages_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      project_team_members: {
        Row: {
          company_id: string;
          contact: string;
          created_at: string;
          id: string;
          is_active: boolean;
          name: string;
          project_id: string;
          role: string;
          updated_at: string;
        };
        Insert: {
          company_id: string;
          contact: string;
          created_at?: string;
          id?: string;
          is_active?: boolean;
          name: string;
          project_id: string;
          role: string;
          updated_at?: string;
        };
        Update: {
          company_id?: string;
          contact?: string;
          created_at?: string;
          id?: string;
          is_active?: boolean;
          name?: string;
          project_id?: string;
          role?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'project_team_members_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      projects: {
        Row: {
          address: string | null;
          budget: number | null;
          client_name: string | null;
          company_id: string;
          completion_percentage: number;
          created_at: string;
          description: string | null;
          end_date: string | null;
          id: string;
          import_batch_id: string | null;
          name: string;
          priority: string;
          start_date: string | null;
          status: string;
          updated_at: string;
        };
        Insert: {
          address?: string | null;
          budget?: number | null;
          client_name?: string | null;
          company_id: string;
          completion_percentage?: number;
          created_at?: string;
          description?: string | null;
          end_date?: string | null;
          id?: string;
          import_batch_id?: string | null;
          name: string;
          priority?: string;
          start_date?: string | null;
          status?: string;
          updated_at?: string;
        };
        Update: {
          address?: string | null;
          budget?: number | null;
          client_name?: string | null;
          company_id?: string;
          completion_percentage?: number;
          created_at?: string;
          description?: string | null;
          end_date?: string | null;
          id?: string;
          import_batch_id?: string | null;
          name?: string;
          priority?: string;
          start_date?: string | null;
          status?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'projects_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'projects_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      push_subscriptions: {
        Row: {
          auth: string;
          created_at: string;
          endpoint: string;
          id: string;
          last_success_at: string | null;
          p256dh: string;
          user_agent: string | null;
          user_id: string;
        };
        Insert: {
          auth: string;
          created_at?: string;
          endpoint: string;
          id?: string;
          last_success_at?: string | null;
          p256dh: string;
          user_agent?: string | null;
          user_id?: string;
        };
        Update: {
          auth?: string;
          created_at?: string;
          endpoint?: string;
          id?: string;
          last_success_at?: string | null;
          p256dh?: string;
          user_agent?: string | null;
          user_id?: string;
        };
        Relationships: [];
      };
      split_templates: {
        Row: {
          category_id: string | null;
          company_id: string;
          created_at: string;
          id: string;
          is_default: boolean;
          kind: string;
          method: string;
          name: string;
          parts: Json | null;
          updated_at: string;
        };
        Insert: {
          category_id?: string | null;
          company_id: string;
          created_at?: string;
          id?: string;
          is_default?: boolean;
          kind?: string;
          method: string;
          name: string;
          parts?: Json | null;
          updated_at?: string;
        };
        Update: {
          category_id?: string | null;
          company_id?: string;
          created_at?: string;
          id?: string;
          is_default?: boolean;
          kind?: string;
          method?: string;
          name?: string;
          parts?: Json | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'split_templates_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      supplier_details: {
        Row: {
          address: string | null;
          company_id: string;
          created_at: string;
          document: string | null;
          email: string | null;
          id: string;
          notes: string | null;
          phone: string | null;
          supplier_id: string;
          updated_at: string;
          website: string | null;
        };
        Insert: {
          address?: string | null;
          company_id: string;
          created_at?: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          notes?: string | null;
          phone?: string | null;
          supplier_id: string;
          updated_at?: string;
          website?: string | null;
        };
        Update: {
          address?: string | null;
          company_id?: string;
          created_at?: string;
          document?: string | null;
          email?: string | null;
          id?: string;
          notes?: string | null;
          phone?: string | null;
          supplier_id?: string;
          updated_at?: string;
          website?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'supplier_details_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'supplier_details_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      supplier_orders: {
        Row: {
          amount: number;
          company_id: string;
          created_at: string;
          delivery_date: string | null;
          description: string;
          id: string;
          notes: string | null;
          order_date: string;
          project_id: string | null;
          status: string;
          supplier_id: string;
          updated_at: string;
        };
        Insert: {
          amount: number;
          company_id: string;
          created_at?: string;
          delivery_date?: string | null;
          description: string;
          id?: string;
          notes?: string | null;
          order_date?: string;
          project_id?: string | null;
          status?: string;
          supplier_id: string;
          updated_at?: string;
        };
        Update: {
          amount?: number;
          company_id?: string;
          created_at?: string;
          delivery_date?: string | null;
          description?: string;
          id?: string;
          notes?: string | null;
          order_date?: string;
          project_id?: string | null;
          status?: string;
          supplier_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'supplier_orders_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'supplier_orders_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      supplier_products: {
        Row: {
          category: string;
          company_id: string;
          created_at: string;
          description: string | null;
          frequency: string;
          id: string;
          is_active: boolean;
          name: string;
          price: number;
          supplier_id: string;
          unit: string;
          updated_at: string;
        };
        Insert: {
          category?: string;
          company_id: string;
          created_at?: string;
          description?: string | null;
          frequency?: string;
          id?: string;
          is_active?: boolean;
          name: string;
          price: number;
          supplier_id: string;
          unit: string;
          updated_at?: string;
        };
        Update: {
          category?: string;
          company_id?: string;
          created_at?: string;
          description?: string | null;
          frequency?: string;
          id?: string;
          is_active?: boolean;
          name?: string;
          price?: number;
          supplier_id?: string;
          unit?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'supplier_products_company_id_supplier_id_fkey';
            columns: ['company_id', 'supplier_id'];
            referencedRelation: 'suppliers';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      suppliers: {
        Row: {
          category: string | null;
          company_id: string;
          created_at: string;
          document: string | null;
          founded_on: string | null;
          id: string;
          import_batch_id: string | null;
          is_active: boolean;
          name: string;
          rating: number | null;
          type: string;
          updated_at: string;
        };
        Insert: {
          category?: string | null;
          company_id: string;
          created_at?: string;
          document?: string | null;
          founded_on?: string | null;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name: string;
          rating?: number | null;
          type?: string;
          updated_at?: string;
        };
        Update: {
          category?: string | null;
          company_id?: string;
          created_at?: string;
          document?: string | null;
          founded_on?: string | null;
          id?: string;
          import_batch_id?: string | null;
          is_active?: boolean;
          name?: string;
          rating?: number | null;
          type?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'suppliers_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'suppliers_import_batch_fkey';
            columns: ['company_id', 'import_batch_id'];
            referencedRelation: 'import_batches';
            referencedColumns: ['company_id', 'id'];
          },
        ];
      };
      transactions: {
        Row: {
          amount: number;
          bank_account_id: string;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          direction: string;
          discount_amount: number | null;
          fine_amount: number | null;
          id: string;
          interest_amount: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payable_id: string | null;
          principal_amount: number | null;
          project_id: string | null;
          receivable_id: string | null;
          reversal_of: string | null;
          search_key: string;
          transaction_date: string;
          transfer_group_id: string | null;
          type: string;
        };
        Insert: {
          amount: number;
          bank_account_id: string;
          category_id?: string | null;
          company_id: string;
          created_at?: string;
          created_by?: string | null;
          description: string;
          direction: string;
          discount_amount?: number | null;
          fine_amount?: number | null;
          id?: string;
          interest_amount?: number | null;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payable_id?: string | null;
          principal_amount?: number | null;
          project_id?: string | null;
          receivable_id?: string | null;
          reversal_of?: string | null;
          search_key?: never;
          transaction_date: string;
          transfer_group_id?: string | null;
          type: string;
        };
        Update: {
          amount?: number;
          bank_account_id?: string;
          category_id?: string | null;
          company_id?: string;
          created_at?: string;
          created_by?: string | null;
          description?: string;
          direction?: string;
          discount_amount?: number | null;
          fine_amount?: number | null;
          id?: string;
          interest_amount?: number | null;
          part_category_ids?: never;
          part_project_ids?: never;
          parts?: Json | null;
          payable_id?: string | null;
          principal_amount?: number | null;
          project_id?: string | null;
          receivable_id?: string | null;
          reversal_of?: string | null;
          search_key?: never;
          transaction_date?: string;
          transfer_group_id?: string | null;
          type?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'transactions_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_company_id_payable_id_fkey';
            columns: ['company_id', 'payable_id'];
            referencedRelation: 'accounts_payable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_receivable_id_fkey';
            columns: ['company_id', 'receivable_id'];
            referencedRelation: 'accounts_receivable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'entry_payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'standing_transactions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'transactions';
            referencedColumns: ['id'];
          },
        ];
      };
      user_profiles: {
        Row: {
          company_id: string;
          created_at: string;
          email: string;
          full_name: string;
          id: string;
          is_active: boolean;
          role: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          company_id: string;
          created_at?: string;
          email: string;
          full_name: string;
          id?: string;
          is_active?: boolean;
          role?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          company_id?: string;
          created_at?: string;
          email?: string;
          full_name?: string;
          id?: string;
          is_active?: boolean;
          role?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'user_profiles_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      entries: {
        Row: {
          amount: number | null;
          approval_reason: string | null;
          approval_status: string | null;
          bank_account_id: string | null;
          bank_account_name: string | null;
          boleto_code: string | null;
          category_color: string | null;
          category_id: string | null;
          category_name: string | null;
          company_id: string | null;
          counterparty_id: string | null;
          counterparty_name: string | null;
          counterparty_text: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          discount_amount: number | null;
          document_count: number | null;
          due_date: string | null;
          fine_amount: number | null;
          has_comprovante: boolean | null;
          id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number | null;
          kind: string | null;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number | null;
          paid_total: number | null;
          part_project_names: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          project_name: string | null;
          search_key: string | null;
          series_id: string | null;
          series_kind: string | null;
          settled_on: string | null;
          stage_id: string | null;
          stage_name: string | null;
          status: string | null;
          updated_at: string | null;
          signed_amount: number | null;
        };
        Relationships: [];
      };
      entry_payments: {
        Row: {
          amount: number | null;
          bank_account_id: string | null;
          bank_account_name: string | null;
          company_id: string | null;
          created_at: string | null;
          created_by: string | null;
          discount_amount: number | null;
          entry_id: string | null;
          fine_amount: number | null;
          id: string | null;
          interest_amount: number | null;
          kind: string | null;
          paid_on: string | null;
          parts: Json | null;
          principal_amount: number | null;
          reversed: boolean | null;
          reversed_on: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'transactions_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
      standing_transactions: {
        Row: {
          amount: number | null;
          bank_account_id: string | null;
          category_id: string | null;
          company_id: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          direction: string | null;
          discount_amount: number | null;
          fine_amount: number | null;
          id: string | null;
          interest_amount: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payable_id: string | null;
          principal_amount: number | null;
          project_id: string | null;
          receivable_id: string | null;
          reversal_of: string | null;
          transaction_date: string | null;
          transfer_group_id: string | null;
          type: string | null;
        };
        Insert: {
          amount?: number | null;
          bank_account_id?: string | null;
          category_id?: string | null;
          company_id?: string | null;
          created_at?: string | null;
          created_by?: string | null;
          description?: string | null;
          direction?: string | null;
          discount_amount?: number | null;
          fine_amount?: number | null;
          id?: string | null;
          interest_amount?: number | null;
          part_category_ids?: string[] | null;
          part_project_ids?: string[] | null;
          parts?: Json | null;
          payable_id?: string | null;
          principal_amount?: number | null;
          project_id?: string | null;
          receivable_id?: string | null;
          reversal_of?: string | null;
          transaction_date?: string | null;
          transfer_group_id?: string | null;
          type?: string | null;
        };
        Update: {
          amount?: number | null;
          bank_account_id?: string | null;
          category_id?: string | null;
          company_id?: string | null;
          created_at?: string | null;
          created_by?: string | null;
          description?: string | null;
          direction?: string | null;
          discount_amount?: number | null;
          fine_amount?: number | null;
          id?: string | null;
          interest_amount?: number | null;
          part_category_ids?: string[] | null;
          part_project_ids?: string[] | null;
          parts?: Json | null;
          payable_id?: string | null;
          principal_amount?: number | null;
          project_id?: string | null;
          receivable_id?: string | null;
          reversal_of?: string | null;
          transaction_date?: string | null;
          transfer_group_id?: string | null;
          type?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'transactions_company_id_bank_account_id_fkey';
            columns: ['company_id', 'bank_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_category_id_fkey';
            columns: ['company_id', 'category_id'];
            referencedRelation: 'categories';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_company_id_payable_id_fkey';
            columns: ['company_id', 'payable_id'];
            referencedRelation: 'accounts_payable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_project_id_fkey';
            columns: ['company_id', 'project_id'];
            referencedRelation: 'projects';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_receivable_id_fkey';
            columns: ['company_id', 'receivable_id'];
            referencedRelation: 'accounts_receivable';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'entry_payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'standing_transactions';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'transactions_reversal_of_fkey';
            columns: ['reversal_of'];
            referencedRelation: 'transactions';
            referencedColumns: ['id'];
          },
        ];
      };
      transfers: {
        Row: {
          amount: number | null;
          company_id: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          from_account_id: string | null;
          from_account_name: string | null;
          id: string | null;
          reversed: boolean | null;
          reversed_on: string | null;
          search_key: string | null;
          to_account_id: string | null;
          to_account_name: string | null;
          transfer_date: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'transactions_company_id_bank_account_id_fkey';
            columns: ['company_id', 'from_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_bank_account_id_fkey';
            columns: ['company_id', 'to_account_id'];
            referencedRelation: 'bank_accounts';
            referencedColumns: ['company_id', 'id'];
          },
          {
            foreignKeyName: 'transactions_company_id_fkey';
            columns: ['company_id'];
            referencedRelation: 'companies';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Functions: {
      accept_invitation: {
        Args: { p_full_name?: string; p_token: string };
        Returns: {
          company_id: string;
          created_at: string;
          email: string;
          full_name: string;
          id: string;
          is_active: boolean;
          role: string;
          updated_at: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'user_profiles';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      account_ledger: {
        Args: {
          p_bank_account_id: string;
          p_end?: string;
          p_include_reversed?: boolean;
          p_limit?: number;
          p_offset?: number;
          p_order?: string;
          p_search?: string;
          p_start?: string;
        };
        Returns: {
          amount: number;
          category_id: string;
          category_name: string;
          counterpart_account_id: string;
          counterpart_account_name: string;
          created_at: string;
          description: string;
          direction: string;
          id: string;
          payable_id: string;
          project_id: string;
          project_name: string;
          receivable_id: string;
          reversal_of: string;
          reversed: boolean;
          signed_amount: number;
          transaction_date: string;
          transfer_group_id: string;
          type: string;
        }[];
      };
      approve_payable: {
        Args: {
          p_amount: number;
          p_bank_account_id?: string;
          p_category_id?: string;
          p_due_date?: string;
          p_payable_id: string;
          p_updated_at: string;
        };
        Returns: {
          amount: number;
          approval_decided_at: string | null;
          approval_decided_by: string | null;
          approval_reason: string | null;
          approval_status: string;
          bank_account_id: string | null;
          boleto_code: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_date: string | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          supplier_id: string | null;
          supplier_name: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_payable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      balance_history: {
        Args: {
          p_account_ids?: string[];
          p_bucket?: string;
          p_company_id: string;
          p_end?: string;
          p_start?: string;
        };
        Returns: Json;
      };
      bank_account_summary: {
        Args: {
          p_bank_account_id: string;
          p_end?: string;
          p_search?: string;
          p_start?: string;
        };
        Returns: Json;
      };
      boleto_registered: {
        Args: { p_code: string; p_company_id: string };
        Returns: {
          entry_id: string;
          registered: boolean;
        }[];
      };
      cash_flow_projection: {
        Args: {
          p_bank_account_id?: string;
          p_company_id: string;
          p_days: number;
          p_today?: string;
        };
        Returns: Json;
      };
      category_stats: {
        Args: { p_category_id: string; p_today: string };
        Returns: Json;
      };
      claim_deliveries: {
        Args: { p_limit?: number; p_now?: string };
        Returns: Json;
      };
      company_activity: {
        Args: {
          p_actor?: string;
          p_before_at?: string;
          p_before_id?: number;
          p_company_id: string;
          p_end?: string;
          p_limit?: number;
          p_start?: string;
          p_table?: string;
        };
        Returns: {
          action: string;
          actor: string;
          actor_email: string;
          actor_name: string;
          at: string;
          changed: Json;
          entity: string;
          entry_id: string;
          entry_kind: string;
          id: number;
          row_id: string;
          table_name: string;
        }[];
      };
      create_and_settle_entry: {
        Args: {
          p_amount: number;
          p_bank_account_id: string;
          p_category_id?: string;
          p_company_id: string;
          p_counterparty_id?: string;
          p_counterparty_name?: string;
          p_description: string;
          p_discount?: number;
          p_due_date: string;
          p_fine?: number;
          p_id: string;
          p_interest?: number;
          p_kind: string;
          p_notes?: string;
          p_paid_on?: string;
          p_parts?: Json;
          p_payment_method?: string;
          p_project_id?: string;
          p_stage_id?: string;
          p_today?: string;
        };
        Returns: {
          amount: number | null;
          approval_reason: string | null;
          approval_status: string | null;
          bank_account_id: string | null;
          bank_account_name: string | null;
          boleto_code: string | null;
          category_color: string | null;
          category_id: string | null;
          category_name: string | null;
          company_id: string | null;
          counterparty_id: string | null;
          counterparty_name: string | null;
          counterparty_text: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          discount_amount: number | null;
          document_count: number | null;
          due_date: string | null;
          fine_amount: number | null;
          has_comprovante: boolean | null;
          id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number | null;
          kind: string | null;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number | null;
          paid_total: number | null;
          part_project_names: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          project_name: string | null;
          search_key: string | null;
          series_id: string | null;
          series_kind: string | null;
          settled_on: string | null;
          stage_id: string | null;
          stage_name: string | null;
          status: string | null;
          updated_at: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'entries';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      create_company: {
        Args: {
          p_address?: string;
          p_city?: string;
          p_document?: string;
          p_email?: string;
          p_full_name: string;
          p_name: string;
          p_phone?: string;
          p_state?: string;
          p_zip_code?: string;
        };
        Returns: {
          address: string | null;
          approval_threshold: number;
          city: string | null;
          created_at: string;
          created_by: string;
          document: string | null;
          email: string | null;
          id: string;
          name: string;
          phone: string | null;
          state: string | null;
          updated_at: string;
          zip_code: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'companies';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      create_invitation: {
        Args: {
          p_company_id: string;
          p_email: string;
          p_project_ids?: string[];
          p_role?: string;
        };
        Returns: {
          email: string;
          expires_at: string;
          id: string;
          role: string;
          token: string;
        }[];
      };
      create_project: {
        Args: {
          p_address: string;
          p_budget: number;
          p_client_name: string;
          p_company_id: string;
          p_description?: string;
          p_end_date: string;
          p_name: string;
          p_priority?: string;
          p_stages: string[];
          p_start_date: string;
          p_status?: string;
        };
        Returns: {
          address: string | null;
          budget: number | null;
          client_name: string | null;
          company_id: string;
          completion_percentage: number;
          created_at: string;
          description: string | null;
          end_date: string | null;
          id: string;
          import_batch_id: string | null;
          name: string;
          priority: string;
          start_date: string | null;
          status: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'projects';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      dashboard_summary: {
        Args: { p_company_id: string; p_today: string };
        Returns: Json;
      };
      delete_entry: {
        Args: { p_id: string; p_kind: string; p_scope?: string };
        Returns: {
          deleted: number;
          storage_paths: string[];
        }[];
      };
      delete_push_subscription: {
        Args: { p_endpoint: string };
        Returns: undefined;
      };
      dre: {
        Args: {
          p_basis?: string;
          p_company_id: string;
          p_end: string;
          p_project_id?: string;
          p_start: string;
        };
        Returns: Json;
      };
      entry_history: {
        Args: { p_id: string; p_kind: string };
        Returns: {
          action: string;
          actor: string;
          actor_email: string;
          actor_name: string;
          at: string;
          changed: Json;
          id: number;
        }[];
      };
      entry_list_summary: {
        Args: { p_company_id: string; p_kind: string; p_today: string };
        Returns: Json;
      };
      finish_delivery: {
        Args: {
          p_error?: string;
          p_gone?: boolean;
          p_id: string;
          p_ok: boolean;
        };
        Returns: undefined;
      };
      import_bank_statement: {
        Args: {
          p_account_ref?: string;
          p_bank_account_id: string;
          p_bank_id?: string;
          p_end?: string;
          p_file_name?: string;
          p_ledger_balance?: number;
          p_lines: Json;
          p_source: string;
          p_start?: string;
        };
        Returns: Json;
      };
      import_duplicates: {
        Args: { p_company_id: string; p_kind: string; p_rows: Json };
        Returns: number[];
      };
      import_nfe: {
        Args: {
          p_category_id?: string;
          p_company_id: string;
          p_installments: Json;
          p_issued_on: string;
          p_key: string;
          p_number: string;
          p_products?: Json;
          p_project_id?: string;
          p_series: string;
          p_supplier: Json;
          p_total: number;
        };
        Returns: Json;
      };
      import_rows: {
        Args: { p_company_id: string; p_payload: Json };
        Returns: string;
      };
      invitation_preview: {
        Args: { p_token: string };
        Returns: {
          company_name: string;
          email_matches: boolean;
          expires_at: string;
          role: string;
          status: string;
        }[];
      };
      latest_entries_count: {
        Args: { p_company_id: string; p_end?: string; p_start?: string };
        Returns: number;
      };
      movement_summary: {
        Args: {
          p_account_ids?: string[];
          p_category_ids?: string[];
          p_company_id: string;
          p_end?: string;
          p_include_no_project?: boolean;
          p_kinds?: string[];
          p_project_ids?: string[];
          p_search?: string;
          p_start?: string;
          p_statuses?: string[];
          p_today: string;
          p_without_comprovante?: boolean;
        };
        Returns: Json;
      };
      notice_settings_for: {
        Args: { p_company_id: string };
        Returns: {
          email: boolean;
          enabled: boolean;
          kind: string;
          push: boolean;
        }[];
      };
      obra_payables: {
        Args: { p_company_id: string; p_id?: string; p_limit?: number };
        Returns: {
          amount: number;
          approval_reason: string;
          approval_status: string;
          bank_account_id: string;
          bank_account_name: string;
          boleto_code: string;
          category_color: string;
          category_id: string;
          category_name: string;
          company_id: string;
          counterparty_id: string;
          counterparty_name: string;
          counterparty_text: string;
          created_at: string;
          created_by: string;
          description: string;
          discount_amount: number;
          document_count: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          installment_count: number;
          installment_number: number;
          interest_amount: number;
          kind: string;
          nfe_key: string;
          notes: string;
          open_amount: number;
          paid_amount: number;
          paid_total: number;
          parts: Json;
          payment_method: string;
          pix_code: string;
          project_id: string;
          project_name: string;
          series_id: string;
          series_kind: string;
          settled_on: string;
          share_only: boolean;
          stage_id: string;
          stage_name: string;
          status: string;
          updated_at: string;
        }[];
      };
      plan_deliveries: { Args: { p_now?: string }; Returns: number };
      plan_mornings: {
        Args: { p_limit?: number; p_now?: string };
        Returns: Json;
      };
      project_budget: {
        Args: { p_project_id: string };
        Returns: {
          awaiting: number;
          balance: number;
          budget: number;
          committed: number;
          is_completed: boolean;
          kind: string;
          order_index: number;
          realized: number;
          stage_id: string;
          stage_name: string;
          used_percent: number;
        }[];
      };
      project_budget_totals: {
        Args: { p_company_id: string };
        Returns: {
          awaiting: number;
          budget: number;
          committed: number;
          project_id: string;
          realized: number;
        }[];
      };
      project_financials: {
        Args: { p_company_id: string; p_project_id?: string };
        Returns: {
          paid_expenses: number;
          paid_revenues: number;
          project_id: string;
        }[];
      };
      reconcile_statement_line: {
        Args: {
          p_action: string;
          p_category_id?: string;
          p_description?: string;
          p_entry_id?: string;
          p_line_id: string;
          p_reason?: string;
          p_target_id?: string;
          p_today?: string;
        };
        Returns: {
          amount: number;
          bank_account_id: string;
          company_id: string;
          created_at: string;
          created_entry_id: string | null;
          fitid: string;
          fitid_conflict: boolean;
          id: string;
          ignore_reason: string | null;
          matched_transaction_id: string | null;
          memo: string;
          posted_on: string;
          resolution: string | null;
          resolved_at: string | null;
          resolved_by: string | null;
          statement_id: string;
          status: string;
          trn_type: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'bank_statement_lines';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      refuse_payable: {
        Args: {
          p_amount: number;
          p_payable_id: string;
          p_reason: string;
          p_updated_at: string;
        };
        Returns: {
          amount: number;
          approval_decided_at: string | null;
          approval_decided_by: string | null;
          approval_reason: string | null;
          approval_status: string;
          bank_account_id: string | null;
          boleto_code: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_date: string | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          supplier_id: string | null;
          supplier_name: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_payable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      remove_bank_account: {
        Args: { p_bank_account_id: string };
        Returns: string;
      };
      remove_category: { Args: { p_category_id: string }; Returns: string };
      renew_invitation: { Args: { p_invitation_id: string }; Returns: string };
      reopen_payable: {
        Args: { p_payable_id: string; p_reopened_on?: string };
        Returns: {
          amount: number;
          approval_decided_at: string | null;
          approval_decided_by: string | null;
          approval_reason: string | null;
          approval_status: string;
          bank_account_id: string | null;
          boleto_code: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_date: string | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          supplier_id: string | null;
          supplier_name: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_payable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reopen_receivable: {
        Args: { p_receivable_id: string; p_reopened_on?: string };
        Returns: {
          amount: number;
          bank_account_id: string | null;
          category_id: string | null;
          client_id: string | null;
          client_name: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          project_id: string | null;
          received_date: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_receivable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      report_summary: {
        Args: {
          p_account_ids?: string[];
          p_company_id: string;
          p_end?: string;
          p_include_no_project?: boolean;
          p_project_ids?: string[];
          p_start?: string;
        };
        Returns: Json;
      };
      reverse_payment: {
        Args: { p_payment_id: string; p_reversed_on?: string };
        Returns: {
          amount: number | null;
          approval_reason: string | null;
          approval_status: string | null;
          bank_account_id: string | null;
          bank_account_name: string | null;
          boleto_code: string | null;
          category_color: string | null;
          category_id: string | null;
          category_name: string | null;
          company_id: string | null;
          counterparty_id: string | null;
          counterparty_name: string | null;
          counterparty_text: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          discount_amount: number | null;
          document_count: number | null;
          due_date: string | null;
          fine_amount: number | null;
          has_comprovante: boolean | null;
          id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number | null;
          kind: string | null;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number | null;
          paid_total: number | null;
          part_project_names: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          project_name: string | null;
          search_key: string | null;
          series_id: string | null;
          series_kind: string | null;
          settled_on: string | null;
          stage_id: string | null;
          stage_name: string | null;
          status: string | null;
          updated_at: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'entries';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reverse_transfer: {
        Args: { p_reversed_on?: string; p_transfer_group_id: string };
        Returns: string;
      };
      save_import_mapping: {
        Args: { p_company_id: string; p_kind: string; p_mapping: Json };
        Returns: {
          company_id: string;
          id: string;
          kind: string;
          mapping: NonNullable<Json>;
          updated_at: string;
          updated_by: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'import_mappings';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      save_notice_setting: {
        Args: {
          p_company_id: string;
          p_email: boolean;
          p_enabled: boolean;
          p_kind: string;
          p_push: boolean;
        };
        Returns: undefined;
      };
      save_push_subscription: {
        Args: {
          p_auth: string;
          p_endpoint: string;
          p_p256dh: string;
          p_user_agent?: string;
        };
        Returns: string;
      };
      save_supplier: {
        Args: { p_company_id: string; p_supplier: Json; p_supplier_id?: string };
        Returns: string;
      };
      search_movements: {
        Args: {
          p_account_ids?: string[];
          p_category_ids?: string[];
          p_company_id: string;
          p_end?: string;
          p_include_no_project?: boolean;
          p_kinds?: string[];
          p_limit?: number;
          p_offset?: number;
          p_order?: string;
          p_project_ids?: string[];
          p_search?: string;
          p_start?: string;
          p_statuses?: string[];
          p_today: string;
          p_without_comprovante?: boolean;
        };
        Returns: {
          amount: number;
          bank_account_id: string;
          bank_account_name: string;
          category_color: string;
          category_id: string;
          category_name: string;
          counterparty_name: string;
          created_at: string;
          description: string;
          display_amount: number;
          display_status: string;
          document_count: number;
          due_date: string;
          id: string;
          installment_count: number;
          installment_number: number;
          kind: string;
          movement_date: string;
          open_amount: number;
          paid_amount: number;
          paid_total: number;
          part_count: number;
          part_project_names: string[];
          parts: Json;
          payment_method: string;
          project_id: string;
          project_name: string;
          reversed: boolean;
          reversed_on: string;
          row_type: string;
          settled_on: string;
          signed_amount: number;
          status: string;
          to_account_id: string;
          to_account_name: string;
        }[];
      };
      set_member_access: {
        Args: { p_profile_id: string; p_project_ids?: string[]; p_role: string };
        Returns: {
          company_id: string;
          created_at: string;
          email: string;
          full_name: string;
          id: string;
          is_active: boolean;
          role: string;
          updated_at: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'user_profiles';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      settle_payable: {
        Args: {
          p_amount_paid?: number;
          p_bank_account_id: string;
          p_discount?: number;
          p_fine?: number;
          p_interest?: number;
          p_open_amount?: number;
          p_paid_on?: string;
          p_payable_id: string;
          p_today?: string;
        };
        Returns: {
          amount: number;
          approval_decided_at: string | null;
          approval_decided_by: string | null;
          approval_reason: string | null;
          approval_status: string;
          bank_account_id: string | null;
          boleto_code: string | null;
          category_id: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          nfe_key: string | null;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_date: string | null;
          payment_method: string | null;
          pix_code: string | null;
          project_id: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          supplier_id: string | null;
          supplier_name: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_payable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      settle_receivable: {
        Args: {
          p_amount_paid?: number;
          p_bank_account_id: string;
          p_discount?: number;
          p_fine?: number;
          p_interest?: number;
          p_open_amount?: number;
          p_receivable_id: string;
          p_received_on?: string;
          p_today?: string;
        };
        Returns: {
          amount: number;
          bank_account_id: string | null;
          category_id: string | null;
          client_id: string | null;
          client_name: string | null;
          company_id: string;
          created_at: string;
          created_by: string | null;
          description: string;
          discount_amount: number;
          due_date: string;
          fine_amount: number;
          has_comprovante: boolean;
          id: string;
          import_batch_id: string | null;
          installment_count: number | null;
          installment_number: number | null;
          interest_amount: number;
          notes: string | null;
          open_amount: number | null;
          paid_amount: number;
          paid_total: number | null;
          part_category_ids: string[] | null;
          part_project_ids: string[] | null;
          parts: Json | null;
          payment_method: string | null;
          project_id: string | null;
          received_date: string | null;
          search_key: string;
          series_id: string | null;
          series_kind: string | null;
          stage_id: string | null;
          status: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'accounts_receivable';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      signed_amount: {
        Args: { '': Database['public']['Views']['entries']['Row'] };
        Returns: {
          error: true;
        } & 'the function public.signed_amount with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache';
      };
      split_template_parts: {
        Args: { p_amount: number; p_template_id: string };
        Returns: {
          amount: number;
          category_id: string;
          percent: number;
          pos: number;
          project_id: string;
          stage_id: string;
        }[];
      };
      statement_balance: { Args: { p_bank_account_id: string }; Returns: Json };
      statement_candidates: {
        Args: { p_bank_account_id: string };
        Returns: {
          amount: number;
          counterparty_name: string;
          day_distance: number;
          description: string;
          kind: string;
          line_id: string;
          target_date: string;
          target_id: string;
        }[];
      };
      statement_category_guesses: {
        Args: { p_bank_account_id: string };
        Returns: {
          category_id: string;
          category_name: string;
          line_id: string;
        }[];
      };
      supplier_stats: {
        Args: { p_company_id: string; p_supplier_id?: string };
        Returns: {
          average_ticket: number;
          last_order_on: string;
          order_count: number;
          orders_total: number;
          supplier_id: string;
          total_spent: number;
        }[];
      };
      supplier_summary: { Args: { p_company_id: string }; Returns: Json };
      transfer_between_accounts: {
        Args: {
          p_amount: number;
          p_description?: string;
          p_from_account_id: string;
          p_to_account_id: string;
          p_transfer_date: string;
        };
        Returns: string;
      };
      undo_import_batch: {
        Args: { p_batch_id: string; p_created_at: string };
        Returns: undefined;
      };
      undo_statement_line: {
        Args: { p_line_id: string };
        Returns: {
          amount: number;
          bank_account_id: string;
          company_id: string;
          created_at: string;
          created_entry_id: string | null;
          fitid: string;
          fitid_conflict: boolean;
          id: string;
          ignore_reason: string | null;
          matched_transaction_id: string | null;
          memo: string;
          posted_on: string;
          resolution: string | null;
          resolved_at: string | null;
          resolved_by: string | null;
          statement_id: string;
          status: string;
          trn_type: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'bank_statement_lines';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      update_company: {
        Args: {
          p_address: string;
          p_approval_threshold: number;
          p_city: string;
          p_company_id: string;
          p_document: string;
          p_email: string;
          p_name: string;
          p_phone: string;
          p_state: string;
          p_zip_code: string;
        };
        Returns: {
          address: string | null;
          approval_threshold: number;
          city: string | null;
          created_at: string;
          created_by: string;
          document: string | null;
          email: string | null;
          id: string;
          name: string;
          phone: string | null;
          state: string | null;
          updated_at: string;
          zip_code: string | null;
        };
        SetofOptions: {
          from: '*';
          to: 'companies';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
