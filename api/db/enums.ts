// The database's value sets are the product's: one list, in domain/.
export * from '../../domain/enums';
